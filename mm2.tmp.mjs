import { renderMermaidSVG } from 'beautiful-mermaid';
const t = process.argv[2].replace(/\\n/g, '\n');
console.log(renderMermaidSVG(t, { bg: 'var(--portal-bg)', fg: 'var(--portal-fg)', transparent: true }).replace(/<style>[\s\S]*<\/style>/, '<style/>'));
