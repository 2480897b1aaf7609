// The shared domain model: zod schemas of every workspace file and their types.
export * from './common';
export * from './graders';
export * from './dataset';
export * from './rubric';
export * from './workspace-config';
export * from './tool-call';
export * from './issues';
export * from './run';
export * from './result';
export * from './run-progress';
export * from './dashboard';
export * from './judge';
export * from './trace';
export * from './label';
export * from './optimizer';
export * from './envelope';
export * from './matrix';
