export { createOfflineAnalyser, OfflineAnalyserOptions } from './analyser.ts';
