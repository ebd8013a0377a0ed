import { describe, expect, test } from 'vitest';
import { addressGroup, createUploadSlots } from './upload-slots.ts';

describe('whose upload slots an address uses', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0:0:0:9', '2001:db8:1:2::/64'],
    ['2001:db8::5', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (ip, group) => {
    expect(addressGroup(ip)).toBe(group);
  });

  test('addresses of one IPv6 /64 share its slots; another /64 has its own', () => {
    const slots = createUploadSlots({ uploadsInFlight: 16, uploadsPerAddress: 2, uploadStartTimeout: 5000, uploadLinger: 2000, retryAfterSeconds: 2 });
    slots.take('2001:db8:1:2::1');
    slots.take('2001:db8:1:2::2');
    expect(() => slots.take('2001:db8:1:2:ffff::3')).toThrow(expect.objectContaining({ statusCode: 503, code: 'upload_busy' }));
    expect(() => slots.take('2001:db8:1:3::1')).not.toThrow();
  });
});
