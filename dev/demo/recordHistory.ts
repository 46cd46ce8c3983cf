// A child process that records fast-forwarded lists into a market history
// file (see recordWithSqliteNode in fastForward.ts): run on a Node that has
// node:sqlite. Arguments: the steps' JSON file, the history file, the origin.
import * as fs from 'node:fs';
import { recordFastForward, type FastForwardStep } from './fastForward';

const [stepsFile, file, origin] = process.argv.slice(2);
const steps = JSON.parse(fs.readFileSync(stepsFile, 'utf8')) as FastForwardStep[];
recordFastForward(file, origin, steps);
