// Monaco with only what we use (the editor, YAML), its workers bundled locally by Vite, and monaco-yaml's schemas.
import 'monaco-editor/esm/vs/editor/editor.all.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import { configureMonacoYaml } from 'monaco-yaml';
import YamlWorker from './yaml.worker?worker';
import aievalSchema from '../../../resources/schemas/aieval.schema.json';
import datasetSchema from '../../../resources/schemas/dataset.schema.json';
import rubricSchema from '../../../resources/schemas/rubric.schema.json';

self.MonacoEnvironment = {
  getWorker(_moduleId: string, label: string) {
    return label === 'yaml' ? new YamlWorker() : new EditorWorker();
  },
};

configureMonacoYaml(monaco as unknown as Parameters<typeof configureMonacoYaml>[0], {
  enableSchemaRequest: false,
  hover: true,
  completion: true,
  validate: true,
  schemas: [
    { uri: 'aieval://schemas/aieval.schema.json', fileMatch: ['**/aieval.yaml'], schema: aievalSchema as object },
    {
      uri: 'aieval://schemas/dataset.schema.json',
      fileMatch: ['**/datasets/*.yaml', '**/datasets/*.yml'],
      schema: datasetSchema as object,
    },
    {
      uri: 'aieval://schemas/rubric.schema.json',
      fileMatch: ['**/rubrics/*.yaml', '**/rubrics/*.yml'],
      schema: rubricSchema as object,
    },
  ],
});

const dark = window.matchMedia('(prefers-color-scheme: dark)');
const applyTheme = () => monaco.editor.setTheme(dark.matches ? 'vs-dark' : 'vs');
dark.addEventListener('change', applyTheme);
applyTheme();

export { monaco };
