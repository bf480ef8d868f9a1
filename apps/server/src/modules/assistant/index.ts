export { replyForSpeech } from './speech-source.js';
