import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The map stays current (docs/architecture.md): every job that src/server/main.ts starts is named in its
 * 'Background jobs' section by the job's file, and every folder of src/server/core in 'The domains of core'.
 * Both lists come from the code: the jobs from the type checker (whatever main.ts calls .start() on, whose
 * class lives in src/server/jobs/), the folders from the disk. A folder the map names that is gone fails too.
 */

const root = path.resolve(import.meta.dirname, '../..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** The text of a section of the map, from its heading to the next heading of the same or a higher level. */
function section(heading: string): string {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.replace(/^#+\s+/, '') === heading && line.startsWith('#'));
  if (start < 0) throw new Error(`docs/architecture.md has no heading '${heading}'`);
  const level = lines[start]!.match(/^#+/)![0].length;
  const end = lines.findIndex(
    (line, i) => i > start && /^#+\s/.test(line) && line.match(/^#+/)![0].length <= level,
  );
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The files (relative to the root) of the classes whose instances main.ts starts with `.start()`. */
function startedInMain(): string[] {
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const mainFile = path.join(root, 'src/server/main.ts');
  const ambient = readdirSync(path.join(root, 'types')).map((file) => path.join(root, 'types', file));
  // The jobs' classes are the project's own: the packages' declarations are read as empty files, which leaves
  // ~2,000 of them unparsed (7 s → 2.5 s). A job whose type came from a package would be 'unknown' below.
  const compilerOptions = { ...options, noEmit: true, types: [] };
  const host = ts.createCompilerHost(compilerOptions);
  const readSourceFile = host.getSourceFile.bind(host);
  const isPackage = (file: string) =>
    file.includes('/node_modules/') && !file.includes('/node_modules/typescript/lib/');
  host.getSourceFile = (file, language, ...rest) =>
    isPackage(file) ? ts.createSourceFile(file, '', language) : readSourceFile(file, language, ...rest);
  const program = ts.createProgram({ rootNames: [mainFile, ...ambient], options: compilerOptions, host });
  const checker = program.getTypeChecker();
  const files = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'start'
    ) {
      const receiver = node.expression.expression;
      const type = checker.getTypeAtLocation(receiver);
      // a class, or a class joined with more (`{ kick(): void } & BankTransferJob`)
      const declared = (type.isIntersection() ? type.types : [type]).flatMap(
        (part) => part.getSymbol()?.declarations?.filter(ts.isClassDeclaration) ?? [],
      );
      if (declared.length === 0)
        throw new Error(`main.ts starts ${receiver.getText()}, whose class is unknown`);
      for (const declaration of declared)
        files.add(path.relative(root, declaration.getSourceFile().fileName));
    }
    ts.forEachChild(node, visit);
  };
  visit(program.getSourceFile(mainFile)!);
  return [...files].sort();
}

describe('docs/architecture.md', () => {
  it('names every job that main.ts starts in its background jobs', () => {
    const started = startedInMain();
    const jobs = started.filter((file) => file.startsWith('src/server/jobs/'));
    expect(jobs.length, `main.ts starts: ${started.join(', ')}`).toBeGreaterThan(0);
    const text = section('Background jobs');
    expect(jobs.filter((file) => !text.includes(`\`${path.basename(file)}\``))).toEqual([]);
  });

  it('names every folder of src/server/core in the domains of core, and no folder that is gone', () => {
    const folders = readdirSync(path.join(root, 'src/server/core'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders.length).toBeGreaterThan(0);
    const text = section('The domains of core');
    expect(folders.filter((folder) => !text.includes(`\`${folder}/\``))).toEqual([]);
    const named = [...text.matchAll(/^\s*(?:\d+\.\s+)?-\s+`([\w-]+)\/`/gm)].map((match) => match[1]);
    expect(named.filter((folder) => !folders.includes(folder!))).toEqual([]);
  });
});
