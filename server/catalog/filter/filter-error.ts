/** A filter the client wrote wrongly; `position` is a zero-based offset into the filter text when known. */
export class FilterError extends Error {
  constructor(
    message: string,
    readonly position?: number,
  ) {
    super(message);
    this.name = 'FilterError';
  }
}
