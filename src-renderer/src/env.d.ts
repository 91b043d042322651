// Ambient types of the renderer: the preload bridge on window (present in Electron only) and Vite's client types.
/// <reference types="vite/client" />
import type { Bridge } from '#shared/contract.ts';

declare global {
  interface Window {
    feedbackDesk?: Bridge;
  }
}
