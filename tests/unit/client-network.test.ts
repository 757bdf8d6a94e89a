import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../src/api/http/client-address.ts';

describe('clientNetwork: the client a rate limit counts', () => {
  it.each([
    // IPv4: the address itself.
    ['198.51.100.7', '198.51.100.7'],
    // An IPv4 client on a dual-stack socket is the same client.
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::FFFF:c633:6407', '198.51.100.7'],
    // IPv6: its /56, whatever the rest, written any way.
    ['2001:db8:aa:1::1', '2001:db8:aa::/56'],
    ['2001:0db8:00aa:00ff:ffff:ffff:ffff:ffff', '2001:db8:aa::/56'],
    ['2001:db8:aa:100::1', '2001:db8:aa:100::/56'],
    ['fe80::1%eth0', 'fe80::/56'],
    ['::1', '::/56'],
    // What is not an address stays as it is (a test's or a host's placeholder).
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });
});
