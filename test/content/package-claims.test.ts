// What the pages say a Pexip package does, held against the installed package's own code:
//
//   node --import tsx --test test/content/package-claims.test.ts
//
// Each claim is marked in its Markdown with `<!-- claim: <id>, held by test/content/package-claims.test.ts -->`
// next to the sentence, and each id here is a test that drives the package (a loopback server
// stands in for the VPaaS API; fake transceivers stand in for WebRTC; @pexip/infinity's call is
// bundled with esbuild, as a reader's bundler would). A page and the code cannot then disagree
// silently: change either and this file fails.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { createApi, NotFoundError, setLogger } from '@pexip/vpaas-api';
import { resolveInstalled } from '../../src/typedoc/installed-packages.ts';
import { portalOperationSamples } from '../helpers/api-samples.ts';
import { repoRoot } from '../helpers/fixtures.ts';

/** Where each claim is stated: the id, the file, and words the sentence after the marker must hold. */
const claims = [
  { id: 'vpaas-api-terminate-304', file: 'content/docs/vpaas/tutorial/summary.md', says: /answers `304` without a body[\s\S]*throws a `SyntaxError`/ },
  { id: 'vpaas-api-access-token', file: 'content/docs/vpaas/tutorial/summary.md', says: /complete `Authorization` header[\s\S]*`Bearer`/ },
  { id: 'vpaas-api-errors', file: 'content/specs/vpaas-api-guide.md', says: /`SyntaxError`[\s\S]*`NotModifiedError`, but none of its calls throws it/ },
  { id: 'vpaas-setstream-replaces-track', file: 'content/docs/vpaas/tutorial/change-devices.md', says: /swapping each in place \(the sender's `replaceTrack\(\)`\), so the call is not\s+renegotiated/ },
  { id: 'vpaas-simulcast-max-size', file: 'content/docs/vpaas/tutorial/simulcast.md', says: /`maxWidth` and `maxHeight`[\s\S]*writes them into the SDP offer as `max-width` and `max-height` restrictions for each\s+rid/ },
  { id: 'vpaas-simulcast-encodings-stay', file: 'content/docs/vpaas/tutorial/simulcast.md', says: /encodings belong to the transceiver, so they stay in place when you switch cameras or turn\s+the camera off and on\. That includes the sizes[\s\S]*a camera you switch to later is still offered with that camera's\s+`max-width` and `max-height`/ },
  { id: 'infinity-present-floor', file: 'content/docs/infinity/web/tutorials/npm-packages/send-presentation.md', says: /`infinityClient\.present\(stream\)` first asks the Conferencing Node for the presentation floor[\s\S]*Once it has the floor, the client sends the stream on the call's presentation channel[\s\S]*`infinityClient\.stopPresenting\(\)` releases the floor and stops sending/ },
  { id: 'infinity-presentation-handover', file: 'content/docs/infinity/web/tutorials/npm-packages/send-presentation.md', says: /When another participant starts presenting, the client releases your floor by itself before it receives theirs/ },
  { id: 'infinity-presentation-call-end', file: 'content/docs/infinity/web/tutorials/npm-packages/send-presentation.md', says: /`disconnect\(\)` closes the call, the client reports `disconnected` for the presentation/ },
  { id: 'infinity-presentation-recv', file: 'content/docs/infinity/web/tutorials/npm-packages/receive-presentation.md', says: /`recv` also becomes `disconnected` when you start presenting yourself, because you take over the floor, and when the call ends/ },
  { id: 'plugin-api-register-handshake', file: 'content/docs/infinity/web/plugins/webapp-3/setup-guide-for-plugin-developers.md', says: /`registerPlugin`\. It sends a handshake to the app that loaded the page\s+and resolves with a `Plugin` object once the app accepts/ },
  { id: 'plugin-api-register-unanswered', file: 'content/docs/infinity/web/plugins/webapp-3/plugin-api/introduction.md', says: /rejects with an `Error` whose message starts with `Can't register plugin\.`\s+when the app answers the handshake with `\{ack: false, reason\}`\. If the page is not running inside\s+Web App 3, nobody answers and the promise never settles/ },
  { id: 'plugin-api-ui-errors', file: 'content/docs/infinity/web/plugins/webapp-3/plugin-api/introduction.md', says: /`plugin\.ui` calls\*\* reject with a `UIError`, an object `\{reason: string\}`[\s\S]*`'Invalid Icon name'`[\s\S]*Elements' own methods \(`update`,\s+`remove`, `toggle`\) do the same/ },
  { id: 'plugin-api-show-form', file: 'content/docs/infinity/web/plugins/webapp-3/setup-guide-for-plugin-developers.md', says: /`showForm` resolves with one value per form element, keyed like the `elements` object, and closes\s+the form/ },
  { id: 'plugin-api-channel-trust', file: 'content/docs/infinity/web/plugins/webapp-3/sandbox-security.md', says: /posts with the target origin `'\*'` and accepts messages by `chanId`, not by sender origin[\s\S]*messages go to `window\.parent`/ },
  { id: 'infinity-browser-closed', file: 'content/docs/infinity/web/tutorials/npm-packages/join-a-conference.md', says: /`disconnect\(\{ reason: 'Browser closed' \}\)` when the tab closes\. With that reason, the client skips the separate request that ends the call and only releases the token, with `navigator\.sendBeacon\(\)`/ },
  { id: 'infinity-setstream-replaces-track', file: 'content/docs/infinity/web/tutorials/npm-packages/mute-audio-and-video.md', says: /swapping it in place \(the sender's `replaceTrack\(\)`\), so the call is not renegotiated/ },
];

const marker = (id: string) => `<!-- claim: ${id}, held by test/content/package-claims.test.ts -->`;

test('every claim is marked next to its sentence, and every marker names a claim this file holds', () => {
  for (const { id, file, says } of claims) {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    const at = text.indexOf(marker(id));
    assert.ok(at >= 0, `${file} has no ${marker(id)}`);
    // The claim is the paragraph (or list item) the marker closes.
    const before = text.slice(0, at);
    const paragraph = before.slice(before.lastIndexOf('\n\n') + 1);
    assert.match(paragraph, says, `${file}: the sentence before ${marker(id)}`);
  }
  const known = new Set(claims.map((claim) => claim.id));
  const markers = (fs.readdirSync(path.join(repoRoot, 'content'), { recursive: true }) as string[])
    .filter((name) => name.endsWith('.md'))
    .flatMap((name) => [...fs.readFileSync(path.join(repoRoot, 'content', name), 'utf8').matchAll(/<!-- claim: ([\w-]+), held by test\/content\/package-claims\.test\.ts -->/g)].map((match) => `${name}: ${match[1]}`));
  assert.deepEqual(markers.filter((entry) => !known.has(entry.split(': ')[1])), []);
});

/** A loopback stand-in for the VPaaS API: answers each request with what `reply` returns and keeps every request. */
function standIn(reply: (request: http.IncomingMessage) => { status: number; body?: unknown }) {
  const requests: { method: string; url: string; authorization?: string }[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization });
      const { status, body } = reply(request);
      if (body === undefined) response.writeHead(status).end();
      else response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  return {
    requests,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const meeting = { id: 'claimcheckmeeting000000001', status: 'ended', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const quiet = { debug() {}, info() {}, warn() {}, error() {}, redact() {} };

describe('@pexip/vpaas-api', () => {
  before(() => setLogger(quiet as unknown as Parameters<typeof setLogger>[0]));

  test('claim vpaas-api-terminate-304: a 304 without a body from terminate throws a SyntaxError, not a NotFoundError', async () => {
    const api = standIn(() => ({ status: 304 }));
    const origin = await api.start();
    try {
      const error = await createApi()
        .terminate({ apiAddress: origin, meetingId: meeting.id, accessToken: 'Bearer token' })
        .then(() => undefined, (thrown: unknown) => thrown);
      assert.ok(error instanceof SyntaxError, `terminate threw ${String(error)}`);
      assert.ok(!(error instanceof NotFoundError));
      assert.deepEqual(api.requests.map(({ method, url }) => `${method} ${url}`), [`DELETE /v1/meetings/${meeting.id}`]);
    } finally {
      await api.close();
    }
  });

  test('claim vpaas-api-errors: the calls throw no NotModifiedError, and a status they do not expect is an UnknownError', async () => {
    const source = fs.readFileSync(path.join(repoRoot, 'node_modules', '@pexip', 'vpaas-api', 'dist', 'api.js'), 'utf8');
    assert.doesNotMatch(source, /throw new NotModifiedError/);
    const api = standIn(() => ({ status: 418, body: { status: 418, reason: 'teapot' } }));
    const origin = await api.start();
    try {
      const error = await createApi().create({ apiAddress: origin, accessToken: 'Bearer token' }).then(() => undefined, (thrown: unknown) => thrown);
      assert.equal((error as Error).name, 'UnknownError');
    } finally {
      await api.close();
    }
  });

  describe('claim vpaas-api-access-token: the wrapper tab of each API page sends what the API expects', () => {
    const token = 'claim-check-token';
    const api = standIn((request) =>
      request.headers.authorization !== `Bearer ${token}`
        ? { status: 401, body: { status: 401, reason: 'missing or malformed bearer token' } }
        : request.method === 'DELETE'
          ? { status: 200, body: meeting }
          : request.url!.endsWith('/participants')
            ? { status: 200, body: { id: 'claimcheckparticipant00001', meeting_id: meeting.id, participant_secret: 'secret', status: 'ready', created_at: meeting.created_at, updated_at: meeting.updated_at } }
            : { status: 200, body: meeting },
    );
    let origin: string;
    let operations: ReturnType<typeof portalOperationSamples> | undefined;
    const folder = path.join(repoRoot, '.portal', 'package-claims');
    before(async () => {
      origin = await api.start();
      fs.mkdirSync(folder, { recursive: true });
    });
    after(async () => {
      await api.close();
      fs.rmSync(folder, { recursive: true, force: true });
    });

    for (const operationId of ['createMeeting', 'createParticipant', 'deleteMeeting']) {
      test(`${operationId}: the sample authenticates with the token as the API's security scheme says`, async () => {
        const operation = (await (operations ??= portalOperationSamples())).find((candidate) => candidate.entry.operation.operationId === operationId);
        const sample = operation?.samples.get('typescript');
        assert.ok(operation && sample, `no @pexip/vpaas-api tab on ${operationId}`);
        const server = operation.servers[0].replace(/\/$/, '');
        assert.ok(sample.includes(JSON.stringify(server)), `the sample calls ${server}`);
        // Inside the repository, so '@pexip/vpaas-api' resolves from its node_modules.
        const file = path.join(folder, `${operationId}.mts`);
        fs.writeFileSync(file, `import { setLogger } from '@pexip/vpaas-api';\nsetLogger({ debug() {}, info() {}, warn() {}, error() {}, redact() {} } as never);\n${sample.replace(JSON.stringify(server), JSON.stringify(origin))}`);
        const before = api.requests.length;
        // Asynchronously: the stand-in answers from this process while the sample runs.
        const run = await new Promise<{ status: number; stderr: string }>((resolve) =>
          execFile(process.execPath, ['--import', 'tsx', file], { cwd: repoRoot, env: { ...process.env, ACCESS_TOKEN: token }, encoding: 'utf8' }, (error, _stdout, stderr) =>
            resolve({ status: error ? Number(error.code ?? 1) : 0, stderr }),
          ),
        );
        const sent = api.requests.slice(before);
        assert.equal(sent.length, 1, `${operationId} made ${sent.length} requests:\n${run.stderr}`);
        assert.equal(sent[0].authorization, `Bearer ${token}`, `${operationId} sends Authorization: ${sent[0].authorization}`);
        assert.equal(run.status, 0, `${operationId} failed:\n${run.stderr}`);
      });
    }
  });
});

// WebRTC as far as @pexip/peer-connection touches it in a call that is up: transceivers with
// senders that record replaceTrack, a connection that records addTransceiver.
class FakeTrack {
  readyState = 'live';
  constructor(readonly kind: string, readonly id: string) {}
  stop() {
    this.readyState = 'ended';
  }
}
class FakeStream {
  readonly id = `stream-${Math.random().toString(36).slice(2)}`;
  constructor(private readonly tracks: FakeTrack[]) {}
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  addEventListener() {}
  removeEventListener() {}
}
class FakeTransceiver {
  currentDirection: string | null = null;
  direction = 'recvonly';
  readonly replaced: FakeTrack[] = [];
  readonly receiver = { track: null };
  readonly sender = {
    track: null as FakeTrack | null,
    replaceTrack: async (track: FakeTrack) => {
      this.replaced.push(track);
      this.sender.track = track;
    },
    setStreams() {},
    // A sender keeps the encodings last set on it, as a browser's does.
    encodings: [{}] as Record<string, unknown>[],
    getParameters: () => ({ encodings: this.sender.encodings.map((encoding) => ({ ...encoding })) }),
    setParameters: async ({ encodings }: { encodings: Record<string, unknown>[] }) => {
      this.sender.encodings = encodings;
    },
  };
  constructor(readonly mid: string | null, readonly kind: string) {}
  stop() {}
}
class FakePeerConnection {
  connectionState = 'connected';
  signalingState = 'stable';
  iceConnectionState = 'connected';
  iceGatheringState = 'complete';
  readonly transceivers: FakeTransceiver[] = [];
  readonly added: unknown[] = [];
  addEventListener() {}
  removeEventListener() {}
  getTransceivers() {
    return this.transceivers;
  }
  addTransceiver(kindOrTrack: string | FakeTrack) {
    this.added.push(kindOrTrack);
    const transceiver = new FakeTransceiver(null, typeof kindOrTrack === 'string' ? kindOrTrack : kindOrTrack.kind);
    this.transceivers.push(transceiver);
    return transceiver;
  }
  // A remote offer with an audio and a video line makes a transceiver for each, as a browser does.
  async setRemoteDescription() {
    for (const [mid, kind] of [['0', 'audio'], ['1', 'video']]) if (!this.transceivers.some((transceiver) => transceiver.mid === mid)) this.transceivers.push(new FakeTransceiver(mid, kind));
  }
  getConfiguration() {
    return {};
  }
  close() {}
}

/** A remote description with an audio and a video line, whose direction is `remote`. */
const offer = (remote: string) => ['v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'a=group:BUNDLE 0 1', 'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'c=IN IP4 0.0.0.0', 'a=mid:0', `a=${remote}`, 'a=rtpmap:111 opus/48000/2', 'm=video 9 UDP/TLS/RTP/SAVPF 96', 'c=IN IP4 0.0.0.0', 'a=mid:1', `a=${remote}`, 'a=rtpmap:96 VP8/90000', ''].join('\r\n');

/**
 * `createPeerConnection` of the copy of @pexip/peer-connection at `directory`, quiet, with the
 * browser's WebRTC classes played by the fakes above.
 */
async function peerConnectionFactory(directory: string) {
  const globals = globalThis as Record<string, unknown>;
  Object.assign(globals, { window: globals.window ?? globalThis, MediaStreamTrack: FakeTrack, MediaStream: FakeStream, RTCRtpTransceiver: FakeTransceiver, RTCPeerConnection: FakePeerConnection });
  const module = (file: string) => import(pathToFileURL(path.join(directory, 'dist', file)).href);
  const { setLogger: setPeerLogger } = await module('logger.js');
  setPeerLogger(new Proxy({}, { get: () => () => {} }));
  return (await module('peerConnections.js')).createPeerConnection;
}

/**
 * A call that is up with a microphone and a camera on `direction` transceivers, in the copy of
 * @pexip/peer-connection at `directory`; then the camera goes off and on again, and its new
 * track is handed over as the SDKs' setStream does (setLocalStream with the main configs).
 */
async function newCameraTrack(directory: string, direction: 'sendrecv' | 'sendonly', remote: string) {
  const createPeerConnection = await peerConnectionFactory(directory);

  const microphone = new FakeTrack('audio', 'microphone');
  const camera = new FakeTrack('video', 'camera');
  const first = new FakeStream([microphone, camera]);
  const connection = new FakePeerConnection();
  const main = (kindOrTrack: FakeTrack) => ({ kindOrTrack, streams: [first], content: 'main', direction });
  const peer = createPeerConnection({ mediaInits: [main(microphone), main(camera)] }, connection);
  await peer.receiveOffer({ type: 'offer', sdp: offer(remote) });
  for (const transceiver of connection.transceivers) transceiver.currentDirection = transceiver.direction;
  const [audio, video] = connection.transceivers;
  assert.equal(video.sender.track, camera, 'the call sends the first camera');
  const directions = connection.transceivers.map((transceiver) => transceiver.direction);
  video.replaced.length = 0;
  audio.replaced.length = 0;

  camera.stop();
  const again = new FakeTrack('video', 'camera-again');
  await peer.setLocalStream(new FakeStream([microphone, again]), peer.getTransceiverConfigs().filter((config: { content: string }) => config.content === 'main').map((config: unknown) => [config]));

  assert.deepEqual(video.replaced, [again], 'the new track is swapped into the same video sender');
  assert.deepEqual(audio.replaced, [], 'the unchanged microphone track stays');
  assert.deepEqual(connection.added, [], 'no transceiver is added');
  assert.deepEqual(connection.transceivers.map((transceiver) => transceiver.direction), directions, 'no direction changes');
  assert.equal(connection.transceivers.length, 2);
}

/** The layers the simulcast lesson's `simulcastEncodings` gives a 1280×720 camera. */
const layers = [
  { rid: 'l', scaleResolutionDownBy: 4, maxWidth: 320, maxHeight: 180 },
  { rid: 'h', scaleResolutionDownBy: 1, maxWidth: 1280, maxHeight: 720 },
];

/** An offer as a browser writes it for a microphone and a camera sent in the two layers. */
const simulcastOffer = ['v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'a=group:BUNDLE 0 1', 'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'c=IN IP4 0.0.0.0', 'a=mid:0', 'a=sendonly', 'a=rtpmap:111 opus/48000/2', 'm=video 9 UDP/TLS/RTP/SAVPF 96', 'c=IN IP4 0.0.0.0', 'a=mid:1', 'a=sendonly', 'a=rtpmap:96 VP8/90000', 'a=rid:l send', 'a=rid:h send', 'a=simulcast:send l;h', ''].join('\r\n');

/**
 * A call that is up with a camera sent in the two layers, in the copy of @pexip/peer-connection at
 * `directory`; then the camera goes off (a stream without video, as the lesson's setMuted sends)
 * and on again, and each stream is handed over as the SDK's setStream does.
 */
async function simulcastCameraOffAndOn(directory: string) {
  const createPeerConnection = await peerConnectionFactory(directory);

  const microphone = new FakeTrack('audio', 'microphone');
  const camera = new FakeTrack('video', 'camera');
  const first = new FakeStream([microphone, camera]);
  const connection = new FakePeerConnection();
  const peer = createPeerConnection(
    { mediaInits: [{ kindOrTrack: microphone, streams: [first], content: 'main', direction: 'sendonly' }, { kindOrTrack: camera, streams: [first], content: 'main', direction: 'sendonly', sendEncodings: layers }] },
    connection,
  );
  await peer.receiveOffer({ type: 'offer', sdp: offer('recvonly') });
  for (const transceiver of connection.transceivers) transceiver.currentDirection = transceiver.direction;
  const video = connection.transceivers.find((transceiver) => transceiver.kind === 'video')!;
  const sent = () => video.sender.getParameters().encodings.map(({ rid, scaleResolutionDownBy, maxWidth, maxHeight }) => ({ rid, scaleResolutionDownBy, maxWidth, maxHeight }));
  assert.deepEqual(sent(), layers, 'the call sends the camera in the two layers');
  const transceivers = [...connection.transceivers];
  video.replaced.length = 0;
  const main = () => peer.getTransceiverConfigs().filter((config: { content: string }) => config.content === 'main').map((config: unknown) => [config]);

  camera.stop();
  await peer.setLocalStream(new FakeStream([microphone]), main());
  const again = new FakeTrack('video', 'camera-again');
  await peer.setLocalStream(new FakeStream([microphone, again]), main());

  assert.deepEqual(video.replaced, [null, again], 'the camera leaves and comes back on the same video sender');
  assert.deepEqual(connection.transceivers, transceivers, 'no transceiver is added or replaced');
  assert.deepEqual(connection.added, [], 'no transceiver is added');
  assert.deepEqual(sent(), layers, 'the sender still has both layers with their sizes');
  const videoConfig = peer.getTransceiverConfigs().find((config: { kind: string }) => config.kind === 'video') as { sendEncodings: unknown };
  assert.deepEqual(videoConfig.sendEncodings, layers, "the next offer still carries both layers, with the first camera's sizes");
}

const read = (directory: string, file: string) => fs.readFileSync(path.join(directory, 'dist', file), 'utf8');
/** The main peer connection turns onOfferRequired into setLocalStream (driven by newCameraTrack). */
const offerRequiredSetsLocalStream = /onOfferRequired\.add\(async \(param\) => \{[\s\S]{0,1000}?await peer\.setLocalStream\(param\.stream, param\.target, param\.syncMedia\);/;

/** A connection that can also make an offer and report (empty) statistics, for a call the client starts. */
class FakeOfferingPeerConnection extends FakePeerConnection {
  async createOffer() {
    return { type: 'offer', sdp: '' };
  }
  async setLocalDescription() {}
  async getStats() {
    return new Map();
  }
  createDataChannel() {
    return { addEventListener() {}, removeEventListener() {} };
  }
}

/**
 * The call object of the installed @pexip/infinity, bundled as a reader's bundler resolves it (its
 * packages name their entry in `module` only, which Node cannot import), on fake WebRTC; the floor
 * requests answer with `floorStatus` and are logged, with each track put on a sender, in `log`.
 */
/** `contents` (exports from the package at `directory`) bundled into `folder` as a bundler resolves it, then imported. */
async function bundled(directory: string, folder: string, name: string, contents: string) {
  const { build } = await import('esbuild');
  const outfile = path.join(folder, `${name}.mjs`);
  await build({ stdin: { contents, resolveDir: directory, loader: 'js' }, bundle: true, format: 'esm', platform: 'browser', mainFields: ['module', 'main'], outfile, logLevel: 'silent' });
  return import(pathToFileURL(outfile).href);
}

async function presentationCall(directory: string, folder: string) {
  const globals = globalThis as Record<string, unknown>;
  let connection: FakeOfferingPeerConnection | undefined;
  const log: string[] = [];
  class Connection extends FakeOfferingPeerConnection {
    constructor() {
      super();
      connection = this;
    }
    override addTransceiver(kindOrTrack: string | FakeTrack) {
      const transceiver = super.addTransceiver(kindOrTrack);
      // Negotiated, as in a call that is up: each transceiver has its mid.
      (transceiver as { mid: string | null }).mid = String(this.transceivers.indexOf(transceiver));
      const replace = transceiver.sender.replaceTrack;
      transceiver.sender.replaceTrack = async (track: FakeTrack) => {
        log.push(`send ${track?.id ?? 'nothing'} on ${this.transceivers.indexOf(transceiver)}`);
        await replace(track);
      };
      return transceiver;
    }
  }
  Object.assign(globals, { window: globals.window ?? globalThis, MediaStreamTrack: FakeTrack, MediaStream: FakeStream, RTCRtpTransceiver: FakeTransceiver, RTCPeerConnection: Connection });
  const bundle = await bundled(directory, folder, 'infinity-call', "export { createCall } from './dist/call.js'; export { createCallSignals, setLogger } from './dist/index.js'; export { createPCSignals, setLogger as setPeerLogger } from '@pexip/peer-connection';");
  const quietLogger = new Proxy({}, { get: () => () => {} });
  bundle.setLogger(quietLogger);
  bundle.setPeerLogger(quietLogger);
  // Signals the call only subscribes to here (API events, statistics): each is inert.
  const inert: unknown = new Proxy({}, { get: (_target, key) => (key === 'add' ? () => () => {} : key === 'emit' ? () => {} : key === 'then' ? undefined : inert) });
  const callSignals = bundle.createCallSignals([]);
  const states: { send: string; recv: string }[] = [];
  callSignals.onPresentationConnectionChange.add((state: { send: string; recv: string }) => states.push({ ...state }));
  const floor = { status: 200 };
  const camera = new FakeStream([new FakeTrack('audio', 'microphone'), new FakeTrack('video', 'camera')]);
  const call = bundle.createCall({
    sendOffer: async () => undefined, ack: async () => undefined, newCandidate: async () => undefined, update: async () => undefined,
    takeFloor: async () => (log.push('take floor'), { status: floor.status }),
    releaseFloor: async () => (log.push('release floor'), { status: 200 }),
    getCurrentCallUuid: () => 'claim-check-call', signals: inert, eventSignals: inert, callSignals, mainStatsSignals: inert,
    peerOptions: { rtcConfig: {} }, mediaStream: camera, isDirectMedia: false,
    pcMainSignals: bundle.createPCSignals(['onIceCandidate', 'onIceConnectionStateChange', 'onReceiveIceCandidate', 'onRemoteStreams', 'onConnectionStateChange', 'onTransceiverChange', 'onSecureCheckCode']),
  });
  // The call makes its transceivers as it starts negotiating, once its signals are subscribed.
  await new Promise((resolve) => setImmediate(resolve));
  // The call type is the default, AudioVideoPresentation: audio, video and the presentation channel.
  const slides = connection!.transceivers.findIndex((transceiver, index) => index === 2 && transceiver.kind === 'video');
  if (slides !== 2) call.disconnect();
  assert.equal(slides, 2, 'the call has a presentation channel after audio and video');
  for (const transceiver of connection!.transceivers) transceiver.currentDirection = transceiver.direction;
  log.length = 0;
  // What happens to the floor and on the presentation channel (the camera and microphone are not the subject).
  const presentation = () => log.filter((entry) => !entry.startsWith('send ') || entry.endsWith(` on ${slides}`));
  return { call, log, presentation, states, floor, slides, slidesDirection: () => connection!.transceivers[slides].direction, last: () => states.at(-1) };
}

describe('@pexip/infinity', () => {
  const infinity = resolveInstalled('@pexip/infinity', repoRoot)!;
  const peerConnection = resolveInstalled('@pexip/peer-connection', infinity.directory)!;

  test('claim infinity-setstream-replaces-track: setStream hands the stream to the call\'s main transceivers (the compiled path)', () => {
    // InfinityClient.setStream -> the call's setStream -> onOfferRequired with the main configs ...
    assert.match(read(infinity.directory, 'infinityClient.js'), /const setStream = \(stream\) => \{\s*currentCall\?\.setStream\(stream\);/);
    assert.match(read(infinity.directory, 'call.js'), /const setStream = \(stream\) => \{\s*options\.pcMainSignals\.onOfferRequired\.emit\(\{\s*stream,\s*target: pc\.peer\s*\.getTransceiverConfigs\(\)\s*\.flatMap\(config => \(isMainConfig\(config\) \? \[\[config\]\] : \[\]\)\),\s*syncMedia: !pc\.waitingForRemotePeer,/);
    // ... which the main peer connection turns into setLocalStream, driven in the next test.
    assert.match(read(peerConnection.directory, 'peerConnections.js'), offerRequiredSetsLocalStream);
  });

  test('claim infinity-setstream-replaces-track: a new camera track goes onto the existing video sender with replaceTrack; no transceiver is added and no direction changes', async () => {
    await newCameraTrack(peerConnection.directory, 'sendrecv', 'sendrecv');
  });

  describe('presentations', () => {
    const folder = path.join(repoRoot, '.portal', 'package-claims-infinity');
    before(() => fs.mkdirSync(folder, { recursive: true }));
    after(() => fs.rmSync(folder, { recursive: true, force: true }));

    test('claim infinity-present-floor: the client\'s present and stopPresenting go to the call (the compiled path)', () => {
      assert.match(read(infinity.directory, 'infinityClient.js'), /const present = \(stream\) => \{\s*void currentCall\?\.present\(stream\);\s*\};\s*const stopPresenting = \(\) => \{\s*void currentCall\?\.stopPresenting\(\);/);
    });

    test('claim infinity-present-floor: present takes the floor before it sends on the presentation channel; stopPresenting releases it and stops sending', async () => {
      const { call, log, presentation, floor, slides, last } = await presentationCall(infinity.directory, folder);
      try {
        const screen = new FakeStream([new FakeTrack('video', 'screen')]);
        await call.present(screen);
        assert.deepEqual(presentation(), ['take floor', `send screen on ${slides}`]);
        assert.equal(last()?.send, 'connected');
        log.length = 0;
        await call.stopPresenting();
        assert.deepEqual(presentation(), ['release floor', `send nothing on ${slides}`]);
        assert.equal(last()?.send, 'disconnected');
        // A refused floor sends nothing and ends in 'failed'.
        log.length = 0;
        floor.status = 403;
        await call.present(new FakeStream([new FakeTrack('video', 'refused')]));
        assert.deepEqual(presentation(), ['take floor']);
        assert.equal(last()?.send, 'failed');
      } finally {
        call.disconnect();
      }
    });

    test('claim infinity-presentation-handover and infinity-presentation-recv: another presenter makes the client release your floor, and presenting yourself ends receiving', async () => {
      const { call, log, presentation, states, slidesDirection, last } = await presentationCall(infinity.directory, folder);
      try {
        await call.present(new FakeStream([new FakeTrack('video', 'screen')]));
        log.length = 0;
        // The conference's event stream reports another presenter (the client calls receivePresentation).
        assert.match(read(infinity.directory, 'infinityClient.js'), /eventSignals\.onPresentationStart\.add\(event => \{[\s\S]{0,300}?void currentCall\?\.receivePresentation\(event\);/);
        await call.receivePresentation({ presenterUuid: 'someone-else' });
        assert.deepEqual(presentation(), ['release floor']);
        assert.equal(slidesDirection(), 'recvonly', 'the presentation channel turns to receiving');
        assert.deepEqual(last(), { send: 'disconnected', recv: 'connected' });
        // Presenting again while receiving: recv goes to 'disconnected' as the client takes the floor.
        const from = states.length;
        await call.present(new FakeStream([new FakeTrack('video', 'screen-again')]));
        assert.deepEqual(states.slice(from).map(({ recv }) => recv).filter((recv, index, all) => all.indexOf(recv) === index), ['connected', 'disconnected']);
        assert.deepEqual(last(), { send: 'connected', recv: 'disconnected' });
      } finally {
        call.disconnect();
      }
    });

    test('claim infinity-browser-closed: with the reason \'Browser closed\', disconnect skips the call\'s disconnect request and releases the token with sendBeacon', async () => {
      // InfinityClient.disconnect: the call's own disconnect request only for other reasons, then the token's release.
      assert.match(read(infinity.directory, 'infinityClient.js'), /if \(callUuid && reason !== 'Browser closed'\) \{\s*try \{\s*await API\.disconnectCall\([\s\S]{0,800}?\}\s*await release\(reason\);/);
      const { createRequestClient, setLogger } = await bundled(infinity.directory, folder, 'infinity-request-client', "export { createRequestClient } from './dist/requestClient.js'; export { setLogger } from './dist/index.js';");
      setLogger(new Proxy({}, { get: () => () => {} }));
      const beacons: string[] = [];
      const fetched: string[] = [];
      Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { sendBeacon: (url: string) => (beacons.push(url), true) } });
      const fetcher = async (url: string, init?: { method?: string }) => {
        fetched.push(`${(init?.method ?? 'GET').toUpperCase()} ${url}`);
        return new Response(JSON.stringify({ status: 'success', result: true }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      };
      const client = (token: string) => createRequestClient({ conferenceAlias: 'claim-room', token, expires: 120, host: 'https://node.example', fetcher });
      await client('closing-token').cleanup('Browser closed');
      assert.deepEqual(beacons, ['https://node.example/api/client/v2/conferences/claim-room/release_token?token=closing-token']);
      assert.equal(fetched.length, 0, `no request but the beacon: ${fetched.join(', ')}`);
      await client('leaving-token').cleanup('User initiated disconnect');
      assert.equal(beacons.length, 1, 'any other reason sends no beacon');
      assert.deepEqual(fetched.map((request) => request.replace(/\?.*$/, '')), ['POST https://node.example/api/client/v2/conferences/claim-room/release_token']);
    });

    test('claim infinity-presentation-call-end and infinity-presentation-recv: disconnect reports both directions disconnected', async () => {
      // InfinityClient.disconnect -> cleanup -> the call's disconnect.
      assert.match(read(infinity.directory, 'infinityClient.js'), /const cleanup = \(\) => \{[\s\S]{0,100}?currentCall\?\.disconnect\(\);/);
      const { call, last } = await presentationCall(infinity.directory, folder);
      await call.present(new FakeStream([new FakeTrack('video', 'screen')]));
      call.disconnect();
      assert.deepEqual(last(), { send: 'disconnected', recv: 'disconnected' });
    });
  });
});

describe('@pexip/vpaas-sdk', () => {
  const sdk = resolveInstalled('@pexip/vpaas-sdk', repoRoot)!;
  const peerConnection = resolveInstalled('@pexip/peer-connection', sdk.directory)!;

  test('claim vpaas-setstream-replaces-track: setStream hands the stream to the sending main transceivers (the compiled path)', () => {
    assert.match(read(sdk.directory, 'vpaas.js'), /setStream\(stream\) \{\s*call\?\.setStream\(stream\);/);
    assert.match(read(sdk.directory, 'call.js'), /pcSignals\.onOfferRequired\.emit\(\{\s*stream,\s*target: pc\s*\.getTransceiverConfigs\(\)\s*\.flatMap\(config => isMainConfig\(config\) && config\.direction === 'sendonly'/);
    assert.match(read(peerConnection.directory, 'peerConnections.js'), offerRequiredSetsLocalStream);
  });

  test(`claim vpaas-setstream-replaces-track: with the SDK's own peer-connection, a new camera track replaces the old one on the same sendonly sender`, async () => {
    await newCameraTrack(peerConnection.directory, 'sendonly', 'recvonly');
  });

  test('claim vpaas-simulcast-max-size: each layer\'s maxWidth and maxHeight reach the SDP offer as max-width and max-height of its rid', async () => {
    // The SDK's offer goes through SdpTransformManager with each transceiver's sendEncodings ...
    assert.match(read(sdk.directory, 'call.js'), /createMainPeerConnection\(pcSignals, \{\s*mediaInits,/);
    assert.match(read(peerConnection.directory, 'peerConnections.js'), /new SdpTransformManager\(sdp, \{[\s\S]{0,400}?sendEncodings: mediaConfigs\.configs\.flatMap\(config => isTransceiverConfig\(config\)\s*\? \[config\.sendEncodings \?\? \[\]\]/);
    // ... which writes the sizes onto the rids of the offer.
    const { SdpTransformManager } = await import(pathToFileURL(path.join(peerConnection.directory, 'dist', 'sdpManager.js')).href);
    const sdp = new SdpTransformManager({ type: 'offer', sdp: simulcastOffer }, { sendEncodings: [[], layers] }).getSdp().sdp as string;
    const restrictions = Object.fromEntries([...sdp.matchAll(/^a=rid:(\w+) send ?(.*?)\r?$/gm)].map((match) => [match[1], match[2].split(';').filter(Boolean).sort()]));
    assert.deepEqual(restrictions, { l: ['max-height=180', 'max-width=320'], h: ['max-height=720', 'max-width=1280'] });
  });

  test('claim vpaas-simulcast-encodings-stay: turning the camera off and on keeps the same sender and both layers', async () => {
    await simulcastCameraOffAndOn(peerConnection.directory);
  });
});

/**
 * Web App 3 as far as a plugin sees it: the parent window that receives the plugin's messages.
 * `answer` gives the reply to each RPC (undefined: no reply); `send` delivers an event to the plugin,
 * `deliver` any message.
 */
function fakeWebApp(answer: (call: { rpc: string; payload: unknown; id: string }) => unknown) {
  const target = new EventTarget();
  const calls: { rpc: string; payload: unknown; id: string; chanId: string; targetOrigin: string }[] = [];
  let channel = '';
  // Replies come from an origin unrelated to the plugin's: the channel does not look at it.
  const deliver = (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data, origin: 'https://unrelated.example' }));
  Object.assign(globalThis, {
    window: (globalThis as Record<string, unknown>).window ?? globalThis,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    parent: {
      postMessage(message: { rpc?: string; payload: unknown; id: string; chanId: string }, targetOrigin: string) {
        if (message.rpc === undefined) return;
        calls.push({ ...(message as (typeof calls)[number]), targetOrigin });
        channel = message.chanId;
        const payload = answer(message as (typeof calls)[number]);
        if (payload !== undefined) queueMicrotask(() => deliver({ chanId: message.chanId, replyTo: message.id, payload }));
      },
    },
  });
  return { calls, deliver, send: (event: string, payload: unknown) => deliver({ chanId: channel, event, payload }) };
}

/** Every task queued so far has run (a reply that was coming would have come). */
const drained = () => new Promise((resolve) => setImmediate(resolve));

describe('@pexip/plugin-api', () => {
  const pluginApi = () => import('@pexip/plugin-api');
  const accepting = (reply: (call: { rpc: string; payload: unknown; id: string }) => unknown) => (call: { rpc: string; payload: unknown; id: string }) => (call.rpc === 'syn' ? { ack: true } : reply(call));

  test('claim plugin-api-register-handshake and plugin-api-register-unanswered: registerPlugin resolves when the app acknowledges, rejects on a refusal, and waits for ever without an answer', async () => {
    const { registerPlugin } = await pluginApi();
    const app = fakeWebApp(() => ({ ack: true }));
    const plugin = await registerPlugin({ id: 'claim-check', version: 1 });
    assert.deepEqual(app.calls.map(({ rpc, payload }) => ({ rpc, payload })), [{ rpc: 'syn', payload: { id: 'claim-check', version: 1 } }]);
    assert.ok(plugin.ui && plugin.events && plugin.conference);

    fakeWebApp(() => ({ ack: false, reason: 'not in this branding' }));
    await assert.rejects(registerPlugin({ id: 'claim-check', version: 1 }), /^Error: Can't register plugin\./);

    fakeWebApp(() => undefined);
    let settled = false;
    void registerPlugin({ id: 'claim-check', version: 1 }).then(() => (settled = true), () => (settled = true));
    await drained();
    assert.equal(settled, false);
    // Nothing in the channel gives up on a call: no timer, and the stored reject is never called.
    const channel = fs.readFileSync(path.join(resolveInstalled('@pexip/plugin-api', repoRoot)!.directory, 'dist', 'channel.js'), 'utf8');
    assert.doesNotMatch(channel, /setTimeout|reject\(/);
  });

  test('claim plugin-api-channel-trust: calls go to window.parent with the target origin \'*\', and replies are matched by chanId whatever their origin', async () => {
    const { registerPlugin } = await pluginApi();
    const app = fakeWebApp(accepting(({ id }) => ({ status: 'ok', id, data: undefined })));
    const plugin = await registerPlugin({ id: 'claim-check', version: 1 });
    await plugin.ui.showToast({ message: 'hello' });
    assert.deepEqual(app.calls.map(({ rpc, targetOrigin }) => `${rpc} to ${targetOrigin}`), ['syn to *', 'ui:toast:show to *']);
    assert.match(app.calls[0].chanId, /^claim-check-[0-9a-f-]{36}$/);
    // A reply under another channel id is ignored: the call stays open.
    const other = fakeWebApp(() => undefined);
    const pending = registerPlugin({ id: 'claim-check', version: 1 });
    let settled = false;
    void pending.then(() => (settled = true), () => (settled = true));
    await drained();
    other.deliver({ chanId: 'someone-else', replyTo: other.calls[0].id, payload: { ack: true } });
    await drained();
    assert.equal(settled, false);
    // The same reply under the plugin's own channel id settles it.
    other.deliver({ chanId: other.calls[0].chanId, replyTo: other.calls[0].id, payload: { ack: true } });
    await drained();
    assert.equal(settled, true);
  });

  test('claim plugin-api-ui-errors: a refused element, and a refused update of one, reject with { reason } and the app\'s text', async () => {
    const { registerPlugin } = await pluginApi();
    let refuse = true;
    fakeWebApp(accepting(({ rpc, id }) => (refuse || rpc === 'ui:button:update' ? { status: 'failed', reason: 'Invalid Icon name', id } : { status: 'ok', id: 'button-1', data: undefined })));
    const plugin = await registerPlugin({ id: 'claim-check', version: 1 });
    await assert.rejects(plugin.ui.addButton({ position: 'toolbar', icon: 'no-such-icon', tooltip: 'x', roles: ['chair'] } as never), (error: unknown) => {
      assert.deepEqual(error, { reason: 'Invalid Icon name' });
      return true;
    });
    refuse = false;
    const button = await plugin.ui.addButton({ position: 'toolbar', icon: 'IconStar', tooltip: 'x', roles: ['chair'] } as never);
    await assert.rejects(button.update({ position: 'toolbar', icon: 'no-such-icon', tooltip: 'x', roles: ['chair'] } as never), (error: unknown) => {
      assert.deepEqual(error, { reason: 'Invalid Icon name' });
      return true;
    });
  });

  test('claim plugin-api-show-form: showForm resolves with the values keyed like the elements, and then removes the form', async () => {
    const { registerPlugin } = await pluginApi();
    const app = fakeWebApp(accepting(({ id }) => ({ status: 'ok', id: 'form-1', data: undefined, replyTo: id })));
    const plugin = await registerPlugin({ id: 'claim-check', version: 1 });
    const answer = plugin.ui.showForm({
      title: 'Rate this meeting',
      form: { elements: { rating: { name: 'Rating', type: 'number' }, comment: { name: 'Comment', type: 'text' } }, submitBtnTitle: 'Send' },
    } as never);
    await drained();
    app.send('ui:form:input', { modalId: 'form-1', input: { rating: 5, comment: 'Clear audio' } });
    assert.deepEqual(await answer, { rating: 5, comment: 'Clear audio' });
    await drained();
    assert.deepEqual(app.calls.slice(-2).map(({ rpc, payload }) => ({ rpc, payload: rpc === 'ui:removeElement' ? payload : undefined })), [
      { rpc: 'ui:form:open', payload: undefined },
      { rpc: 'ui:removeElement', payload: { id: 'form-1' } },
    ]);
  });
});
