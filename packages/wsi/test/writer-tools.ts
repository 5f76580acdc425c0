import { execFileSync } from 'node:child_process';

/**
 * Helpers for the writer's tests (and the synthetic slide tests): external tools are optional on a
 * developer machine, so their checks run only where the tool is installed.
 */
export function findTool(name: string): boolean {
  try {
    execFileSync('which', [name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `vipsheader -a FILE` as key/value pairs (values as printed). */
export function vipsHeader(path: string): Record<string, string> {
  const output = execFileSync('vipsheader', ['-a', path], { encoding: 'utf8' });
  const fields: Record<string, string> = {};
  for (const line of output.split('\n')) {
    const colon = line.indexOf(': ');
    if (colon > 0) fields[line.slice(0, colon)] ??= line.slice(colon + 2).trim();
  }
  return fields;
}

/** PSNR in dB between two equally long 8-bit sample arrays. */
export function psnr(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  const mse = sum / a.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}
