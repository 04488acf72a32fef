import { atom } from 'jotai';
import type { Arrangement } from '../../../lib/arrange/placement';

/** How the visitor arranged the home collage; kept while the app is open, cleared by 'Reset layout'. */
export const collageArrangementAtom = atom<Arrangement>({});
