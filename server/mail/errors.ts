/**
 * A message that could not be handed over. `retryable` says whether trying again later may help
 * (rate limits, outages) or not (a bad address, a rejected payload); jobs use it to stop retrying.
 */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly statusCode: number | null = null,
  ) {
    super(message);
  }
}
