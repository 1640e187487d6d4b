import type { AtsKind } from '@jobs/contracts';
import { ashby } from './ashby';
import { greenhouse } from './greenhouse';
import { lever } from './lever';
import { recruitee } from './recruitee';
import { smartrecruiters } from './smartrecruiters';
import type { Connector } from './types';
import { workable } from './workable';

export const CONNECTORS: Record<AtsKind, Connector> = {
  greenhouse,
  lever,
  ashby,
  workable,
  smartrecruiters,
  recruitee,
};

export * from './types';
