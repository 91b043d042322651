// Preload (sandboxed, CommonJS): exposes `window.feedbackDesk`, the contract's Bridge, and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import type { Bridge } from '#shared/contract.ts';
import { createBridge } from './bridge.ts';

const bridge: Bridge = createBridge(ipcRenderer);
contextBridge.exposeInMainWorld('feedbackDesk', bridge);
