// What a workflow's shell steps depend on in the repository, for the workflow test.

/** The package.json scripts a shell script calls: `npm run X` (flags allowed before X), `npm test`, `npm start`. */
export function npmScriptsCalled(script: string): string[] {
  const out: string[] = [];
  for (const m of script.matchAll(
    /\bnpm\s+(?:run(?:-script)?\s+(?:--?[\w-]+\s+)*([\w:.-]+)|(test|start)\b)/g,
  ))
    out.push((m[1] ?? m[2]) as string);
  return out;
}

/** Local files a shell script executes: `bash f`, `sh f`, `node f`, `tsx f` and `./f`. */
export function localFilesRun(script: string): string[] {
  const out: string[] = [];
  for (const m of script.matchAll(/(?:^|[\s;&|(])(?:bash|sh|node|tsx)\s+((?:\.{0,2}\/)?[\w./-]+)/g)) {
    const path = m[1] as string;
    if (!path.startsWith('-')) out.push(path);
  }
  for (const m of script.matchAll(/(?:^|[\s;&|(])(\.\/[\w./-]+)/g)) out.push(m[1] as string);
  return out;
}
