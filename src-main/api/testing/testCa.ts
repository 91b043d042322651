// Tests only: a certificate authority made for one test with the openssl CLI, and a server certificate it signs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCa {
  /** The CA certificate (PEM) and its file (for NODE_EXTRA_CA_CERTS). */
  caPem: string;
  caFile: string;
  /** The server's certificate and key (PEM), for the names given. */
  certPem: string;
  keyPem: string;
  certFile: string;
  keyFile: string;
  remove(): void;
}

/** Whether the openssl CLI runs here (Debian: the `openssl` package). */
export function opensslAvailable(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A new CA and a leaf for `names` (IP addresses or DNS names), valid from now for ten years. */
export function makeTestCa(names: readonly string[], caName = 'Feedback Desk test CA'): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'fd-ca-'));
  const file = (n: string): string => join(dir, n);
  const run = (args: string[]): void => void execFileSync('openssl', args, { stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  run(
    ['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '3650'].concat([
      '-subj',
      `/CN=${caName}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]),
  );
  run([
    'req',
    ...ec,
    '-keyout',
    file('leaf.key'),
    '-out',
    file('leaf.csr'),
    '-subj',
    `/CN=${names[0] ?? 'localhost'}`,
  ]);
  const san = names.map((n) => (/^[\d.]+$|:/.test(n) ? `IP:${n}` : `DNS:${n}`)).join(',');
  writeFileSync(
    file('ext.cnf'),
    `subjectAltName=${san}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
  );
  run(
    ['x509', '-req', '-in', file('leaf.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key')].concat([
      '-CAcreateserial',
      '-out',
      file('leaf.pem'),
      '-days',
      '3650',
      '-extfile',
      file('ext.cnf'),
    ]),
  );
  return {
    caPem: readFileSync(file('ca.pem'), 'utf8'),
    caFile: file('ca.pem'),
    certPem: readFileSync(file('leaf.pem'), 'utf8'),
    keyPem: readFileSync(file('leaf.key'), 'utf8'),
    certFile: file('leaf.pem'),
    keyFile: file('leaf.key'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
