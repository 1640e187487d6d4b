/** Post intents of social networks (spec section 2: share to a social network's post intent). */
export interface ShareLink {
  network: 'X' | 'LinkedIn';
  label: string;
  href: string;
}

export function shareLinks(input: { url: string; title: string; company: string }): ShareLink[] {
  const url = encodeURIComponent(input.url);
  const text = encodeURIComponent(`${input.title} at ${input.company}`);
  return [
    { network: 'X', label: 'Share on X', href: `https://twitter.com/intent/tweet?text=${text}&url=${url}` },
    {
      network: 'LinkedIn',
      label: 'Share on LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    },
  ];
}
