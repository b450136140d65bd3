import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/** SHA-256 (hex) and size of a file, read as a stream. */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    hash.update(chunk);
  }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * Puts every regular file below `from` into `to` under the same relative path: a hard link where both lie on
 * one file system (uploads are never overwritten, docs/product/admin.md#image-uploads, so a link keeps the
 * bytes of this moment even if the file is deleted meanwhile), else a copy. Symbolic links and other special
 * files are skipped, and so are files whose relative path `accept` refuses (they are answered as ignored).
 * Answers the relative paths (with '/'), sorted.
 */
export async function snapshotFiles(
  from: string,
  to: string,
  accept: (relative: string) => boolean = () => true,
): Promise<{ taken: string[]; ignored: string[] }> {
  const taken: string[] = [];
  const ignored: string[] = [];
  const walk = async (relative: string) => {
    let entries;
    try {
      entries = await readdir(path.join(from, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && !accept(child)) ignored.push(child);
      else if (entry.isFile()) {
        const source = path.join(from, child);
        const target = path.join(to, child);
        await mkdir(path.dirname(target), { recursive: true });
        try {
          await link(source, target);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT') continue; // deleted since readdir: not part of this moment
          await copyFile(source, target).catch((copyError: NodeJS.ErrnoException) => {
            if (copyError.code !== 'ENOENT') throw copyError;
          });
          if (!(await lstat(target).catch(() => null))) continue;
        }
        taken.push(child);
      }
    }
  };
  await walk('');
  return { taken: taken.sort(), ignored: ignored.sort() };
}
