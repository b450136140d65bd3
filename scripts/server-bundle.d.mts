/** Bundles the server into `outdir` (relative to the repository, or absolute) and copies the migrations. */
export function bundleServer(outdir: string, options?: { sourcemap?: boolean }): Promise<string>;
