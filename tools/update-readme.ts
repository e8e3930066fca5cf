// Rewrites the README's generated parts from their sources: `npm run docs`. The endpoint table comes from
// the route table, the configuration table from the deployables' configuration schemas.
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceEndpointTable } from '../core/endpoint-table.ts';
import { replaceConfigTable } from './config-table.ts';

const path = new URL('../README.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = replaceConfigTable(replaceEndpointTable(before));
if (after !== before) writeFileSync(path, after);
console.log(after === before ? 'README.md already up to date' : 'README.md tables updated');
