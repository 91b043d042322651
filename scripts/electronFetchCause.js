// Loaded into Electron's install script by postinstall.js (node --import): a failed fetch names its cause (DNS,
// refused connection, certificate, …) instead of only "fetch failed", so the line after `npm ci` can say why.
const realFetch = globalThis.fetch;

globalThis.fetch = async function fetchNamingItsCause(...args) {
  try {
    return await realFetch(...args);
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    if (cause instanceof Error) {
      const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : '';
      const detail = cause.message.includes(code) ? cause.message : `${code} ${cause.message}`.trim();
      throw new Error(`${error.message}: ${detail}`, { cause: error });
    }
    throw error;
  }
};
