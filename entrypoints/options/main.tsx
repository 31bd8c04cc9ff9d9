import { render } from 'preact';
import { OptionsPage } from '@/components/options/options-page';
import '@/components/theme.css';

render(<OptionsPage />, document.getElementById('app')!);
