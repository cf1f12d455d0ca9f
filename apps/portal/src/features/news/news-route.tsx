/**
 * /formacion/noticias: the laboratory's news, nine a page, with picture, date and excerpt (public).
 * /formacion/noticias/{id}: the article, its body rendered from structured content (`RichText` of
 * @botica/ui, which the back office's preview shows too).
 */
import type { Post, PostsResponse } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatLongDate } from '@botica/domain';
import { EmptyState, Link, Pagination, RichText } from '@botica/ui';
import { type LoaderFunctionArgs, useLoaderData, useNavigate } from 'react-router';
import { pageParam } from '../training/training-format.ts';
import { postQuery, postsQuery } from './queries.ts';
import './news.css';

type NewsData = { kind: 'list'; posts: PostsResponse } | { kind: 'article'; post: Post };

export async function loader({ context, params, request }: LoaderFunctionArgs): Promise<NewsData> {
  if (params.id === undefined) {
    const queryClient = await queryClientOf(context);
    return {
      kind: 'list',
      posts: await queryClient.fetchQuery(postsQuery({ page: pageParam(new URL(request.url).searchParams) })),
    };
  }
  const id = Number(params.id);
  if (!/^\d+$/.test(params.id) || !Number.isSafeInteger(id) || id <= 0) {
    throw new Response('', { status: 404, statusText: 'Not Found' });
  }
  const queryClient = await queryClientOf(context);
  return { kind: 'article', post: (await queryClient.fetchQuery(postQuery(id))).data };
}

function NewsList({ posts }: { posts: PostsResponse }) {
  const navigate = useNavigate();
  useDocumentTitle('Noticias');
  return (
    <div className="training">
      <header className="training__intro">
        <h1 className="training__title">Noticias</h1>
        <p className="training__lead">
          Lo último del laboratorio: investigación, producto, cosechas y formación.
        </p>
      </header>
      {posts.data.length === 0 ? (
        <EmptyState title="Aún no hay noticias" />
      ) : (
        <div className="news-grid">
          {posts.data.map((post) => (
            <article key={post.id} className="news-card">
              <img
                className="news-card__image"
                src={post.image.url}
                alt=""
                width={1200}
                height={675}
                loading="lazy"
              />
              <p className="news-card__meta">
                {post.category} ·{' '}
                <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
              </p>
              <h2 className="news-card__title">
                <Link href={`/formacion/noticias/${post.id}`} variant="standalone">
                  {post.title}
                </Link>
              </h2>
              <p className="news-card__excerpt">{post.excerpt}</p>
            </article>
          ))}
        </div>
      )}
      <Pagination
        page={posts.meta.current_page}
        pageCount={posts.meta.last_page}
        onPageChange={(page) => void navigate(`?page=${page}`)}
        aria-label="Páginas de noticias"
      />
    </div>
  );
}

function Article({ post }: { post: Post }) {
  useDocumentTitle(post.title);
  return (
    <article className="training news-article">
      <p className="training__back">
        <Link href="/formacion/noticias">Volver a noticias</Link>
      </p>
      <header className="news-article__head">
        <p className="news-card__meta">
          {post.category} · <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time> ·{' '}
          {post.author}
        </p>
        <h1 className="training__title">{post.title}</h1>
      </header>
      <img
        className="news-article__image"
        src={post.image.url}
        alt={post.image.alt}
        width={1200}
        height={675}
      />
      <RichText value={post.body} />
    </article>
  );
}

export function Component() {
  const data = useLoaderData() as NewsData;
  return data.kind === 'list' ? <NewsList posts={data.posts} /> : <Article post={data.post} />;
}
