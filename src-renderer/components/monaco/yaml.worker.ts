// monaco-yaml's worker, imported through a file of our own so Vite bundles it as a local worker.
import 'monaco-yaml/yaml.worker.js';
