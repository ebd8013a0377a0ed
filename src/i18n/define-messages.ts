import type { MessageDescriptor } from 'react-intl';

export type Message = MessageDescriptor & { id: string; defaultMessage: string };

/**
 * Declares a screen's texts. FormatJS extraction finds them by this function's name; the result is typed as
 * plain descriptors so any message can take values, which the French/English verify step keeps consistent.
 */
export function defineMessages<Key extends string>(messages: Record<Key, Message>): Record<Key, Message> {
  return messages;
}
