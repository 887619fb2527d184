// The package's root, the folder of its package.json, found upward from this module: paths to the
// spec, the reference's profiles and package.json hold from the sources and from the bundled command
// (dist/, `npm run build`) alike.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'carrier-conformance'
    )
      return dir;
    if (dirname(dir) === dir)
      throw new Error(`no package.json of carrier-conformance above ${from}: the package is incomplete`);
  }
}

export const ROOT = packageRoot(__dirname);
