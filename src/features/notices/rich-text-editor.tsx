import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  Link2Off,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

const httpUrl = /^https?:\/\/[^\s]+$/i;
const linkUrl = /^(https?:\/\/|mailto:)[^\s]+$/i;

interface Tool {
  key: string;
  icon: LucideIcon;
  run: (editor: Editor) => void;
  active?: (editor: Editor) => boolean;
}

const tools: Tool[] = [
  {
    key: 'h1',
    icon: Heading1,
    run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(),
    active: (e) => e.isActive('heading', { level: 1 }),
  },
  {
    key: 'h2',
    icon: Heading2,
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    key: 'h3',
    icon: Heading3,
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    active: (e) => e.isActive('heading', { level: 3 }),
  },
  { key: 'bold', icon: Bold, run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  { key: 'italic', icon: Italic, run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic') },
  { key: 'underline', icon: Underline, run: (e) => e.chain().focus().toggleUnderline().run(), active: (e) => e.isActive('underline') },
  { key: 'strike', icon: Strikethrough, run: (e) => e.chain().focus().toggleStrike().run(), active: (e) => e.isActive('strike') },
  { key: 'bulletList', icon: List, run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  {
    key: 'orderedList',
    icon: ListOrdered,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
  },
  { key: 'quote', icon: Quote, run: (e) => e.chain().focus().toggleBlockquote().run(), active: (e) => e.isActive('blockquote') },
];

/**
 * The notices' rich-text editor (tiptap): headings, bold, italic, underline, strike, lists,
 * quotes, links, colour and images by URL, which is what the server's allow-list keeps. It
 * is loaded only with the notice editor screen.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  invalid,
  testId,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  invalid?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<'link' | 'image' | null>(null);
  const [url, setUrl] = useState('');
  const [urlProblem, setUrlProblem] = useState(false);
  const editor = useEditor({
    extensions: [
      // No empty paragraph kept at the end: what is stored is what was written.
      StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] }, trailingNode: false }),
      TextStyle,
      Color,
      Image,
    ],
    content: value,
    // The page's policy takes style elements only with its nonce.
    injectNonce: document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', ...(invalid ? { 'aria-invalid': 'true' } : {}) },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      active: Object.fromEntries(tools.map((tool) => [tool.key, tool.active?.(current) ?? false])),
      link: current.isActive('link'),
      color: (current.getAttributes('textStyle').color as string | undefined) ?? '#000000',
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  // A value set from outside (the draft loaded, another language's tab) replaces the content.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const text = url.trim();
    if (!(asking === 'image' ? httpUrl : linkUrl).test(text)) {
      setUrlProblem(true);
      return;
    }
    if (asking === 'image') editor.chain().focus().setImage({ src: text }).run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: text }).run();
    setAsking(null);
    setUrl('');
  };
  const ask = (what: 'link' | 'image') => {
    setAsking(asking === what ? null : what);
    setUrl(what === 'link' ? ((editor.getAttributes('link').href as string | undefined) ?? '') : '');
    setUrlProblem(false);
  };
  const toolButton = (key: string, Icon: LucideIcon, onClick: () => void, pressed?: boolean, disabled?: boolean) => (
    <Button
      key={key}
      type="button"
      size="icon"
      variant={pressed ? 'secondary' : 'ghost'}
      className="size-8"
      aria-label={t(`notices.editor.${key}`)}
      title={t(`notices.editor.${key}`)}
      {...(pressed === undefined ? {} : { 'aria-pressed': pressed })}
      disabled={disabled}
      onClick={onClick}
      data-testid={`rte-${key}`}
    >
      <Icon aria-hidden />
    </Button>
  );

  return (
    <div className={cn('rounded-md border', invalid && 'border-destructive')} data-testid={testId}>
      <div className="flex flex-wrap items-center gap-0.5 border-b p-1" role="toolbar" aria-label={t('notices.editor.toolbar')}>
        {tools.map((tool) => toolButton(tool.key, tool.icon, () => tool.run(editor), state.active[tool.key]))}
        {toolButton('link', Link2, () => ask('link'), state.link)}
        {state.link ? toolButton('unlink', Link2Off, () => editor.chain().focus().unsetLink().run()) : null}
        {toolButton('image', ImagePlus, () => ask('image'))}
        <label className="flex items-center gap-1 px-1 text-xs text-muted-foreground">
          <span>{t('notices.editor.color')}</span>
          <input
            type="color"
            className="size-7 cursor-pointer rounded border bg-transparent"
            value={state.color.startsWith('#') && state.color.length === 7 ? state.color : '#000000'}
            onChange={(event) => editor.chain().focus().setColor(event.target.value).run()}
            data-testid="rte-color"
          />
        </label>
        {toolButton('undo', Undo2, () => editor.chain().focus().undo().run(), undefined, !state.canUndo)}
        {toolButton('redo', Redo2, () => editor.chain().focus().redo().run(), undefined, !state.canRedo)}
      </div>
      {asking ? (
        <form className="flex flex-wrap items-center gap-2 border-b p-2" onSubmit={apply} data-testid="rte-url-form">
          <Input
            className="h-8 max-w-md"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setUrlProblem(false);
            }}
            placeholder={asking === 'image' ? 'https://…/image.png' : 'https://…'}
            aria-label={t(`notices.editor.${asking}Url`)}
            aria-invalid={urlProblem || undefined}
            autoFocus
            data-testid="rte-url"
          />
          <Button type="submit" size="sm" data-testid="rte-url-apply">
            {t('notices.editor.apply')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(null)}>
            {t('notices.editor.cancel')}
          </Button>
          {urlProblem ? (
            <span className="text-xs text-destructive" role="alert">
              {t(asking === 'image' ? 'notices.editor.badImageUrl' : 'notices.editor.badLinkUrl')}
            </span>
          ) : null}
        </form>
      ) : null}
      <EditorContent editor={editor} className="notice-rich min-h-48 px-3 py-2 [&_.ProseMirror]:min-h-44 [&_.ProseMirror]:outline-none" />
    </div>
  );
}
