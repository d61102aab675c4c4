// The benchmark's dataset as plain data (no database): a seeded PRNG decides every name, tree and page, so
// two seeds of the same SEED_VERSION are the same documents and figures stay comparable between runs.

/** Bump when the dataset below changes: cached seeds of another version are not reused. */
export const SEED_VERSION = 1;

/** Words planted in exactly this many pages of item A (and nowhere else) for the keyword cells. */
export const KEYWORDS = { en: { word: 'zeppelin', pages: 36 }, zh: { word: '鲲鹏', pages: 33 } };

export const BENCH_PASSWORD = 'bench-pass-123';
/** The user whose token drives every cell: owns items A–F, member of G–K. */
export const BENCH_USER = 'bench';
/** Other users: owners of G–K and members of the bench user's items, so item/myList has mixed rows. */
export const OTHER_USERS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace'];

/** Pages whose updates the page/save cells send (ids picked from item A after seeding). */
export const SAVE_POOL = 400;

/** mulberry32: small, fast and good enough to pick words; the same seed gives the same sequence. */
export function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const int = (rand, lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

// Neither list may contain the keywords above or any part of them (search matches substrings).
const EN = (
  'request response token header payload cursor timeout retry schema field client server cache ' +
  'index record batch stream buffer queue worker session account invoice order product customer ' +
  'address status message version release deploy config option default value number string ' +
  'boolean array object method endpoint parameter return error code limit offset filter sort'
).split(' ');
const ZH = (
  '接口 文档 参数 返回 示例 说明 用户 项目 目录 页面 错误 权限 请求 响应 令牌 字段 缓存 ' +
  '索引 记录 批量 队列 会话 账户 订单 产品 客户 地址 状态 消息 版本 发布 部署 配置 选项 默认 ' +
  '数值 字符串 数组 对象 方法 限制 偏移 过滤 排序 登录 注册 上传 下载 删除 更新 创建 查询'
).split(' ');

function sentenceEn(rand) {
  const words = Array.from({ length: int(rand, 8, 16) }, () => pick(rand, EN));
  return `${words[0][0].toUpperCase()}${words.join(' ').slice(1)}.`;
}

function sentenceZh(rand) {
  return `${Array.from({ length: int(rand, 6, 12) }, () => pick(rand, ZH)).join('')}。`;
}

function table(rand) {
  const rows = ['|参数名|必选|类型|说明|', '|:----|:---|:-----|-----|'];
  for (let i = int(rand, 3, 8); i > 0; i--) {
    rows.push(
      `|${pick(rand, EN)}_${pick(rand, EN)}|${rand() < 0.5 ? '是' : '否'}|${pick(rand, ['string', 'int', 'bool', 'array'])}|${sentenceZh(rand)}|`,
    );
  }
  return rows.join('\n');
}

function code(rand) {
  const lines = ['```json', '{'];
  for (let i = int(rand, 3, 9); i > 0; i--) {
    lines.push(`  "${pick(rand, EN)}_${pick(rand, EN)}": "${pick(rand, ZH)}${int(rand, 1, 999)}",`);
  }
  lines.push(`  "${pick(rand, EN)}": ${int(rand, 0, 99999)}`, '}', '```');
  return lines.join('\n');
}

/** 2–6 kB of Markdown mixing Chinese and English prose, tables and code; `extra` lines go in the middle. */
export function pageMarkdown(rand, title, extra = []) {
  const target = int(rand, 2048, 6144);
  const blocks = [`# ${title}`, `**简要描述：** ${sentenceZh(rand)} ${sentenceEn(rand)}`];
  let size = Buffer.byteLength(blocks.join('\n\n'));
  let planted = false;
  while (size < target) {
    const roll = rand();
    const block =
      roll < 0.25
        ? `## ${pick(rand, ZH)} ${pick(rand, EN)}`
        : roll < 0.45
          ? table(rand)
          : roll < 0.6
            ? code(rand)
            : roll < 0.8
              ? Array.from({ length: int(rand, 2, 5) }, () => sentenceZh(rand)).join('')
              : Array.from({ length: int(rand, 2, 5) }, () => sentenceEn(rand)).join(' ');
    blocks.push(block);
    size += Buffer.byteLength(block) + 2;
    if (!planted && size > target / 2 && extra.length) {
      blocks.push(...extra);
      planted = true;
    }
  }
  if (!planted) blocks.push(...extra);
  return blocks.join('\n\n');
}

/**
 * The whole dataset: 11 items (A with 2,000 pages in 260 catalogs three levels deep, ten more with 200 pages
 * in 20 catalogs each), 460 catalogs and 4,000 pages; the keywords in exactly KEYWORDS[*].pages pages of A.
 */
export function buildDataset() {
  const rand = prng(0x5eed0000 + SEED_VERSION);
  const items = [];
  const letters = 'ABCDEFGHIJK';
  for (let i = 0; i < 11; i++) {
    const big = i === 0;
    const catalogs = [];
    // A: 10 top × 5 middle × 4 leaves = 260; the others: 4 top × 2 middle × 1 leaf = 20.
    const [tops, mids, leaves] = big ? [10, 5, 4] : [4, 2, 1];
    for (let t = 0; t < tops; t++) {
      const top = { key: catalogs.length, parent: null, name: `${pick(rand, ZH)}模块 ${t + 1}`, sNumber: t };
      catalogs.push(top);
      for (let m = 0; m < mids; m++) {
        const mid = {
          key: catalogs.length,
          parent: top.key,
          name: `${pick(rand, EN)} ${t + 1}.${m + 1}`,
          sNumber: m,
        };
        catalogs.push(mid);
        for (let l = 0; l < leaves; l++) {
          catalogs.push({
            key: catalogs.length,
            parent: mid.key,
            name: `${pick(rand, ZH)}${pick(rand, ZH)} ${t + 1}.${m + 1}.${l + 1}`,
            sNumber: l,
          });
        }
      }
    }
    const pageCount = big ? 2000 : 200;
    const pages = [];
    for (let p = 0; p < pageCount; p++) {
      // One page in fifty at the item root, the rest anywhere in the tree (ShowDoc lets pages sit at any level).
      const catalog = rand() < 0.02 ? null : Math.floor(rand() * catalogs.length);
      pages.push({
        catalog,
        title: `${pick(rand, ZH)}${pick(rand, EN)} ${p + 1}`,
        sNumber: int(rand, 1, 99),
        extra: [],
      });
    }
    items.push({
      letter: letters[i],
      name: `${letters[i]} ${pick(rand, ZH)}${big ? '大型文档' : '文档'}`,
      owner: i < 6 ? null : OTHER_USERS[i - 6],
      catalogs,
      pages,
    });
  }
  // Plant each keyword in distinct pages of A: in a sentence in the body, never in a title.
  const a = items[0].pages;
  const order = a.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  let next = 0;
  for (const [lang, { word, pages }] of Object.entries(KEYWORDS)) {
    for (let n = 0; n < pages; n++) {
      a[order[next++]].extra.push(
        lang === 'en' ? `The ${word} gateway forwards this call.` : `本接口经由${word}网关转发。`,
      );
    }
  }
  return { items, seed: rand };
}
