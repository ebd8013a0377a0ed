import type { FastifySchemaValidationError } from 'fastify';

type SchemaErrorDataVar = 'body' | 'headers' | 'params' | 'querystring';

const labels: Record<string, string> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'body field',
  headers: 'header',
};

function describe(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  if (Array.isArray(params.allowedValues)) return `must be one of ${params.allowedValues.join(', ')}`;
  return error.message ?? 'is invalid';
}

/** Validation messages name the parameter the client got wrong, e.g. "Invalid query parameter 'size': must be <= 100". */
export function formatSchemaError(errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar): Error {
  const error = errors[0];
  const label = labels[dataVar] ?? dataVar;
  if (!error) return new Error(`Invalid ${label}`);
  const params = error.params as Record<string, unknown>;
  const missing = typeof params.missingProperty === 'string' ? params.missingProperty : undefined;
  if (missing !== undefined) return new Error(`Missing ${label} '${missing}'`);
  const name = error.instancePath.replace(/^\//, '').replaceAll('/', '.') || dataVar;
  return new Error(`Invalid ${label} '${name}': ${describe(error)}`);
}
