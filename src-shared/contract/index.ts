// The whole contract: every call and event the service offers, merged from one file per domain.
import { datasetsContract } from './datasets.contract';
import { exportContract } from './export.contract';
import { historyContract } from './history.contract';
import { insightsContract } from './insights.contract';
import { judgeProbesContract } from './judge-probes.contract';
import { judgesContract } from './judges.contract';
import { labelsContract } from './labels.contract';
import { optimizerContract } from './optimizer.contract';
import { providersContract } from './providers.contract';
import { runBatchContract } from './run-batch.contract';
import { runsContract } from './runs.contract';
import { secretsContract } from './secrets.contract';
import { targetsContract } from './targets.contract';
import { teamStoreContract } from './team-store.contract';
import { tracesContract } from './traces.contract';
import { userSettingsContract } from './user-settings.contract';
import { workspaceContract } from './workspace.contract';

export const contract = {
  ...workspaceContract,
  ...datasetsContract,
  ...targetsContract,
  ...judgesContract,
  ...judgeProbesContract,
  ...tracesContract,
  ...labelsContract,
  ...providersContract,
  ...runsContract,
  ...secretsContract,
  ...insightsContract,
  ...optimizerContract,
  ...exportContract,
  ...runBatchContract,
  ...historyContract,
  ...userSettingsContract,
  ...teamStoreContract,
} as const;

export type Contract = typeof contract;
