// The tests' `preact` project runs the components as widget.js does: on Preact, timed as in src/script.ts.
import { keepKeyboardEventFieldsInCopies, runEffectsAsReactDoes } from '../preact/options';

runEffectsAsReactDoes();
keepKeyboardEventFieldsInCopies();
