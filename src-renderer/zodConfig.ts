// zod without its eval-compiled fast path: the page's policy forbids eval, and zod's probe for it would log a CSP violation.
import { z } from 'zod';

z.config({ jitless: true });
