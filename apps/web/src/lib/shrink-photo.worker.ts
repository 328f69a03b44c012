import imageCompression from 'browser-image-compression';

/** Phone photos are several megabytes: shrunk to at most 1600 px and about 1 MB before sending over 3G. */
const SHRINK = { maxSizeMB: 1, maxWidthOrHeight: 1600, initialQuality: 0.85, useWebWorker: false };

self.onmessage = async (event: MessageEvent<File>) => {
  try {
    self.postMessage(await imageCompression(event.data, SHRINK));
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
