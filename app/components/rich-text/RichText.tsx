import type { ReactNode } from "react";
import type { Block, InlineNode } from "#contract";
import { hrefForSlug, isExternalHref } from "../site-header/site-link";

/** Renders content blocks (Strapi's rich-text format) as plain semantic HTML. */
export function RichText({ blocks }: { blocks: Block[] }) {
  return <>{blocks.map((block, i) => renderBlock(block, i))}</>;
}

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.type) {
    case "paragraph":
      return <p key={key}>{renderInline(block.children)}</p>;
    case "heading": {
      // The page title is the only h1: content headings start at h2.
      const level = Math.max(2, block.level);
      const Tag = `h${level}` as "h2";
      return <Tag key={key}>{renderInline(block.children)}</Tag>;
    }
    case "list": {
      const items = block.children.map((item, i) => <li key={i}>{renderInline(item.children)}</li>);
      return block.format === "ordered" ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
    case "quote":
      return <blockquote key={key}>{renderInline(block.children)}</blockquote>;
    case "image":
      return (
        <img
          key={key}
          src={block.image.url}
          alt={block.image.alternativeText}
          width={block.image.width ?? undefined}
          height={block.image.height ?? undefined}
          loading="lazy"
        />
      );
  }
}

function renderInline(nodes: InlineNode[]): ReactNode {
  return nodes.map((node, i) => {
    if (node.type === "link") {
      // Content cannot plant a javascript: or data: link.
      const href = hrefForSlug(node.url);
      if (!href) return <span key={i}>{renderInline(node.children)}</span>;
      return (
        <a key={i} href={href} {...(isExternalHref(href) ? { rel: "noopener noreferrer" } : {})}>
          {renderInline(node.children)}
        </a>
      );
    }
    let out: ReactNode = node.text;
    if (node.code) out = <code>{out}</code>;
    if (node.bold) out = <strong>{out}</strong>;
    if (node.italic) out = <em>{out}</em>;
    if (node.underline) out = <u>{out}</u>;
    if (node.strikethrough) out = <s>{out}</s>;
    return <span key={i}>{out}</span>;
  });
}
