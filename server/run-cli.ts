type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a command-line entry point and sets the exit code it returns. An error the person can act on
 * (one of `expected`, bad configuration, bad arguments) ends with one line and exit code 1; anything
 * else is a bug and keeps its stack trace.
 */
export async function runCli(failure: string, main: () => Promise<number>, expected: ErrorClass[]): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    const known = expected.some((kind) => error instanceof kind) || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    if (!known) throw error;
    console.error(`${failure}: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
