import { contextBridge } from 'electron';

/**
 * The narrow bridge of the console: one function per action, no generic send or invoke.
 * The staff console issue adds its actions (settings, printing) here.
 */
contextBridge.exposeInMainWorld('storefrontDesktop', {
  platform: process.platform,
});
