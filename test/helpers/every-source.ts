import fs from 'node:fs';
import path from 'node:path';
import { copyFixture, fixturesRoot } from './fixtures.ts';

/** The basic fixture with an OpenAPI spec and an installed npm package, so every source kind is in play. */
export function siteWithEverySource(): string {
  const site = copyFixture('basic');
  fs.mkdirSync(path.join(site, 'specs'));
  // The spec was written for a site with a /docs/guide page; here its guide is the Infinity introduction.
  const spec = fs.readFileSync(path.join(fixturesRoot, 'openapi', 'shop.yaml'), 'utf8').replaceAll('/docs/guide', '/docs/infinity/introduction');
  fs.writeFileSync(path.join(site, 'specs', 'shop.yaml'), spec);
  writePackage(site, '1.0.0', 'Opens a session.');
  const config = path.join(site, 'portal.config.ts');
  const text = fs.readFileSync(config, 'utf8');
  const extra = [
    `  openapi: [{ spec: 'specs/shop.yaml', area: 'vpaas', folder: 'vpaas/shop-api', sidebar: { label: 'Shop API' } }],`,
    `  npmReference: [{ area: 'infinity', folder: 'infinity/packages', packages: ['@fixture/session'] }],`,
  ].join('\n');
  fs.writeFileSync(config, text.replace('  licenseRequest:', `${extra}\n  licenseRequest:`));
  return site;
}

/** The npm package @fixture/session, one function, at a version with a summary. */
export function writePackage(site: string, version: string, summary: string) {
  const dir = path.join(site, 'node_modules', '@fixture', 'session');
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@fixture/session', version, description: 'Sessions for the tests.', types: 'dist/index.d.ts' }));
  fs.writeFileSync(
    path.join(dir, 'dist', 'index.d.ts'),
    [
      `/** ${summary} */`,
      'export declare function openSession(name: string): Promise<void>;',
      '/** What a session tells its listeners. */',
      'export interface SessionSignals {',
      '  /** Called when a participant joins the session. */',
      '  onParticipantJoined: (name: string) => void;',
      '  /** Called when the session ends. */',
      '  onEnded: () => void;',
      '}',
      '/** The request body that asks the server to join a meeting. */',
      'export interface JoinMeeting {',
      '  /** The meeting to join. */',
      '  meetingId: string;',
      '}',
      '/** Connects to meetings. */',
      'export declare class SessionClient {',
      '  /** Joins a meeting by its ID. */',
      '  joinMeeting(meetingId: string): Promise<void>;',
      '}',
      '',
    ].join('\n'),
  );
}
