// The one-line filter of the Machines view: parse, print and compile. The
// grammar is described in parse.ts. Callers import from '../model/query'.
export { FIELD_ALIASES, type Clause, type FieldName, type Op, type ParseResult, type Query, type QueryError, type TextTerm, type Value } from './fields';
export { parseQuery } from './parse';
export { isEmptyQuery, printQuery } from './print';
export { compileQuery, numberTest } from './compile';
export { HISTORY_FIELDS, usesHistory, type MachineHistory } from './historyFields';
export { asBefore, changedReadings, readsDifferently } from './reading';
export { startsWithWords } from './words';
export { describeQuery } from './describe';
