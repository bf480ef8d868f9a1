/**
 * Each demo game's score and the seed of its random numbers, by the game's slug.
 */

import { emberAcademy } from './ember-academy.mjs';
import { keplerDock } from './kepler-dock.mjs';
import { lanternLedger } from './lantern-ledger.mjs';
import { secondChanceCafe } from './second-chance-cafe.mjs';

export const SCORES = {
  'lantern-ledger': { render: lanternLedger, seed: 0x1a77e2 },
  'ember-academy': { render: emberAcademy, seed: 0xe3be2 },
  'kepler-dock': { render: keplerDock, seed: 0x4e91e2 },
  'second-chance-cafe': { render: secondChanceCafe, seed: 0xcafe },
};
