// A real OpenLDAP server for tests (Debian's slapd): a generated config, users bulk-loaded with slapadd,
// listening on a free loopback port. The directory caps plain searches at 1,000 entries, as Active
// Directory does, so only a paged search sees every user of a larger directory.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const SLAPD_BINARY = '/usr/sbin/slapd';
export const LDAP_SUFFIX = 'dc=quire,dc=test';
export const LDAP_PEOPLE = `ou=people,${LDAP_SUFFIX}`;
export const LDAP_READER = { dn: `cn=reader,${LDAP_SUFFIX}`, password: 'reader-secret' };

export interface DirectoryUser {
  uid: string;
  cn: string;
  password: string;
}

export interface TestDirectory {
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

export function slapdAvailable(): boolean {
  return fs.existsSync(SLAPD_BINARY);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function ldif(users: DirectoryUser[]): string {
  const entries = [
    `dn: ${LDAP_SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\ndc: quire\no: Quire test`,
    `dn: ${LDAP_READER.dn}\nobjectClass: simpleSecurityObject\nobjectClass: organizationalRole\ncn: reader\nuserPassword: ${LDAP_READER.password}`,
    `dn: ${LDAP_PEOPLE}\nobjectClass: organizationalUnit\nou: people`,
    ...users.map(
      (u) =>
        `dn: uid=${u.uid},${LDAP_PEOPLE}\nobjectClass: inetOrgPerson\nuid: ${u.uid}\ncn: ${u.cn}\nsn: ${u.cn}\nuserPassword: ${u.password}`,
    ),
  ];
  return `${entries.join('\n\n')}\n`;
}

/** Starts slapd with `users` under ou=people; resolves once it answers on its port. */
export async function startDirectory(users: DirectoryUser[]): Promise<TestDirectory> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  const conf = path.join(dir, 'slapd.conf');
  fs.writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${path.join(dir, 'slapd.pid')}`,
      'database mdb',
      'maxsize 104857600',
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "cn=admin,${LDAP_SUFFIX}"`,
      'rootpw admin-secret',
      `directory ${path.join(dir, 'db')}`,
      'limits * size.soft=1000 size.hard=1000 size.pr=500 size.prtotal=unlimited',
      'access to attrs=userPassword by self read by anonymous auth by * none',
      'access to * by * read',
      '',
    ].join('\n'),
  );
  const ldifFile = path.join(dir, 'users.ldif');
  fs.writeFileSync(ldifFile, ldif(users));
  const load = spawnSync('/usr/sbin/slapadd', ['-q', '-f', conf, '-l', ldifFile], { encoding: 'utf8' });
  if (load.status !== 0) throw new Error(`slapadd failed: ${load.stderr}`);

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(SLAPD_BINARY, ['-f', conf, '-h', `${url}/`, '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`slapd exited: ${stderr}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error(`slapd did not listen: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    host: '127.0.0.1',
    port,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
