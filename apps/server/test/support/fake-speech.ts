import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * OpenAI-compatible speech services on loopback, as whisper.cpp's server or OpenAI answer:
 * `POST /v1/audio/transcriptions` (multipart: file, model, language, response_format) and
 * `POST /v1/audio/speech` (JSON: model, voice, input, response_format). Tests script what each
 * call answers; unscripted, a transcription is the transcript of its language (nothing for a WAV of silence,
 * as a whisper server hears nothing there) and speech is a short WAV tone.
 */

export type ScriptedTranscription =
  | { text: string }
  | { httpStatus: number }
  /** Accept the request and never answer. */
  | { stall: true }
  /** Answer 200 with this body, which is not the protocol's JSON. */
  | { garbage: string };

export type ScriptedSpeech = { httpStatus: number } | { stall: true } | { garbage: string };

export interface FakeSpeechOptions {
  /** Port to listen on (the journeys name it in advance); unset, any free one. */
  port?: number;
  /** The unscripted transcript, by the request's `language`; others get the `en` one. */
  transcripts?: Record<string, string>;
  /** Fixed waits before answering, as a service's own processing time. */
  transcriptionDelayMs?: number;
  speechDelayMs?: number;
  /** When set, calls without `Authorization: Bearer <apiKey>` are answered 401 as OpenAI does. */
  apiKey?: string;
}

export interface TranscriptionRequest {
  authorization: string | undefined;
  model: string;
  language: string;
  responseFormat: string;
  fileName: string;
  fileType: string;
  fileBytes: number;
}

export interface SpeechRequest {
  authorization: string | undefined;
  body: { model: string; voice: string; input: string; response_format: string };
}

export const DEFAULT_TRANSCRIPTS: Record<string, string> = {
  en: 'find me a romance story',
  zh: '给我找一个爱情故事',
  ja: '恋愛の物語を探して',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A mono 16-bit PCM WAV: a quiet 440 Hz tone, or silence. */
export function makeWav(seconds: number, options: { rate?: number; silent?: boolean } = {}) {
  const rate = options.rate ?? 16_000;
  const samples = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; !options.silent && i < samples; i++) {
    wav.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  }
  return wav;
}

/** A 16-bit PCM WAV whose every sample is near zero: what a whisper server hears nothing in. */
function isSilentWav(bytes: Buffer): boolean {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF') return false;
  const data = bytes.indexOf('data', 12, 'latin1');
  if (data < 0 || bytes.readUInt16LE(34) !== 16) return false;
  for (let at = data + 8; at + 2 <= bytes.length; at += 2) {
    if (Math.abs(bytes.readInt16LE(at)) > 64) return false;
  }
  return true;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function error(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
}

export async function startFakeSpeech(options: FakeSpeechOptions = {}) {
  const transcriptions: ScriptedTranscription[] = [];
  const speeches: ScriptedSpeech[] = [];
  const received = { transcriptions: [] as TranscriptionRequest[], speech: [] as SpeechRequest[] };
  const settings = {
    transcripts: { ...DEFAULT_TRANSCRIPTS, ...options.transcripts },
    transcriptionDelayMs: options.transcriptionDelayMs ?? 0,
    speechDelayMs: options.speechDelayMs ?? 0,
  };

  async function transcribe(req: IncomingMessage, res: ServerResponse) {
    // The multipart body read by the platform's own parser, as a real server's framework would.
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: new Uint8Array(await readBody(req)),
    }).formData();
    const file = form.get('file');
    if (!(file instanceof Blob)) return error(res, 400, 'file is required');
    const bytes = Buffer.from(await file.arrayBuffer());
    const language = String(form.get('language') ?? '');
    received.transcriptions.push({
      authorization: req.headers.authorization,
      model: String(form.get('model') ?? ''),
      language,
      responseFormat: String(form.get('response_format') ?? ''),
      fileName: file instanceof File ? file.name : '',
      fileType: file.type,
      fileBytes: bytes.length,
    });
    const scripted = transcriptions.shift();
    if (scripted && 'stall' in scripted) return;
    await sleep(settings.transcriptionDelayMs);
    if (scripted && 'httpStatus' in scripted) return error(res, scripted.httpStatus, 'scripted');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (scripted && 'garbage' in scripted) return res.end(scripted.garbage);
    const heard = settings.transcripts[language] ?? settings.transcripts.en ?? '';
    const text = scripted?.text ?? (isSilentWav(bytes) ? '' : heard);
    res.end(JSON.stringify({ text }));
  }

  async function speak(req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse((await readBody(req)).toString('utf8')) as SpeechRequest['body'];
    received.speech.push({ authorization: req.headers.authorization, body });
    if (!body.input) return error(res, 400, 'input is required');
    const scripted = speeches.shift();
    if (scripted && 'stall' in scripted) return;
    await sleep(settings.speechDelayMs);
    if (scripted && 'httpStatus' in scripted) return error(res, scripted.httpStatus, 'scripted');
    if (scripted && 'garbage' in scripted) {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      return res.end(scripted.garbage);
    }
    res.writeHead(200, { 'content-type': 'audio/wav' });
    res.end(makeWav(0.6));
  }

  /** Lets a process that did not start the fake (a journey) queue answers: `POST /fake/script`. */
  async function script(req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse((await readBody(req)).toString('utf8')) as {
      transcriptions?: ScriptedTranscription[];
      speech?: ScriptedSpeech[];
    };
    transcriptions.push(...(body.transcriptions ?? []));
    speeches.push(...(body.speech ?? []));
    res.writeHead(204).end();
  }

  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/fake/script') {
      script(req, res).catch((e: unknown) => error(res, 400, String(e)));
      return;
    }
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return error(res, 401, 'Incorrect API key provided');
    }
    const handle =
      req.method !== 'POST'
        ? null
        : req.url === '/v1/audio/transcriptions'
          ? transcribe
          : req.url === '/v1/audio/speech'
            ? speak
            : null;
    if (!handle) return error(res, 404, 'not found');
    handle(req, res).catch((e: unknown) => error(res, 400, String(e)));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    baseUrl,
    /** The server's variables that point both services here. */
    env: { STT_BASE_URL: baseUrl, TTS_BASE_URL: baseUrl },
    received,
    settings,
    /** Queues answers to the next transcriptions, in order. */
    scriptTranscriptions(...answers: ScriptedTranscription[]) {
      transcriptions.push(...answers);
    },
    scriptSpeech(...answers: ScriptedSpeech[]) {
      speeches.push(...answers);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeSpeech = Awaited<ReturnType<typeof startFakeSpeech>>;
