// Rewrites the README's generated parts (the endpoint table) from the route table: `npm run docs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceEndpointTable } from '../core/endpoint-table.ts';

const path = new URL('../README.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = replaceEndpointTable(before);
if (after !== before) writeFileSync(path, after);
console.log(after === before ? 'README.md already up to date' : 'README.md endpoint table updated');
