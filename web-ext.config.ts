import { defineWebExtConfig } from 'wxt';

// No browser opens from `npm run dev` on machines without a display; load .output/ by hand instead.
export default defineWebExtConfig({ disabled: !!process.env.CI });
