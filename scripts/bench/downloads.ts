// What a long download costs the shop's memory: a CSV of every order (or a product feed) is read
// as it comes, while the shop's resident memory is sampled from /proc, before and at its highest.
import { readFile } from 'node:fs/promises';

/** The contract: the server's memory rises by less than this while a download streams. */
export const TARGET_RISE_MB = 50;

const SAMPLE_EVERY_MS = 10;

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${String(pid)}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kilobytes / 1024;
}

export interface DownloadCost {
  megabytes: number;
  rows: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

/**
 * Downloads `url`, counting its bytes and lines and never keeping them, while the memory of the
 * shop's process `pid` is sampled.
 */
export async function downloadCost(
  pid: number,
  url: string,
  headers: Record<string, string>,
  /** Lines that are not rows: a CSV's header row; a feed's opening and closing lines. */
  linesNotRows = 1,
): Promise<DownloadCost> {
  const rssBeforeMb = await residentMb(pid);
  let rssPeakMb = rssBeforeMb;
  const done = new AbortController();
  const sampler = (async () => {
    while (!done.signal.aborted) {
      rssPeakMb = Math.max(rssPeakMb, await residentMb(pid));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  const start = process.hrtime.bigint();
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(url, { headers });
    if (!response.ok || response.body === null) {
      throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    }
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      bytes += read.value.byteLength;
      for (const byte of read.value) if (byte === 10) lines += 1;
    }
  } finally {
    done.abort();
    await sampler;
  }
  return {
    megabytes: bytes / 1024 / 1024,
    rows: lines - linesNotRows,
    seconds: Number(process.hrtime.bigint() - start) / 1e9,
    rssBeforeMb,
    rssPeakMb,
  };
}
