export { EmbedSnippet } from './components/embed-snippet';
export { UsageTerms } from './components/usage-terms';
export { AiAssistants, assistantConfigs } from './components/ai-assistants';
