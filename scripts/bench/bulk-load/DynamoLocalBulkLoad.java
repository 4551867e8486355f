import com.almworks.sqlite4java.SQLiteConnection;
import com.almworks.sqlite4java.SQLiteStatement;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.dynamodb.services.local.shared.access.LocalDBUtils;
import software.amazon.dynamodb.services.local.shared.access.sqlite.SQLiteDBAccess;
import software.amazon.dynamodb.services.local.shared.access.sqlite.TableSchemaInfo;
import software.amazon.dynamodb.services.local.shared.mapper.DynamoDbObjectMapper;
import software.amazon.dynamodb.services.local.shared.model.AttributeValue;

/**
 * Bulk-loads items into a stopped DynamoDB Local's SQLite file, for benchmarks of a million records
 * (DynamoDB Local's own PutItem re-reads the table's schema on every write: ~900 items/s here).
 * Every column is computed by DynamoDB Local's own code (SQLiteDBAccess.sqliteColumnBindingsForAllAttributes,
 * LocalDBUtils.getItemSizeBytes), so a row is what its PutItem would store; the loader only batches
 * the inserts into large transactions. No stream records are written (as for items older than the
 * stream's 24 hours).
 *
 *   load   DB TABLE HASH RANGE [EXPECTED [EVERY]]   items on stdin, one DynamoDB JSON object a line ({"pk":{"S":"…"},…});
 *          EXPECTED items, when many beside the table's rows, drop its indexes for the load and build them after;
 *          EVERY > 0 then verifies every EVERY-th row on the same connection (after a large load, the serving
 *          DynamoDB Local kept a new connection's metadata writes out for minutes)
 *   verify DB TABLE HASH RANGE [EVERY]   recomputes the stored rows' columns (every EVERY-th row) from their ObjectJSON, counts mismatches
 */
public final class DynamoLocalBulkLoad {
  private static final DynamoDbObjectMapper MAPPER = new DynamoDbObjectMapper();

  public static void main(String[] args) {
    try {
      run(args);
      // SQLiteDBAccess leaves its queue's thread running
      System.exit(0);
    } catch (Throwable e) {
      e.printStackTrace();
      System.exit(1);
    }
  }

  private static void run(String[] args) throws Exception {
    if (args.length < 5 || args.length > 7) {
      System.err.println("usage: DynamoLocalBulkLoad load DB_FILE TABLE HASH_KEY RANGE_KEY [EXPECTED [EVERY]] | verify DB_FILE TABLE HASH_KEY RANGE_KEY [EVERY]");
      System.exit(2);
    }
    String mode = args[0];
    File db = new File(args[1]);
    String table = args[2];
    String hashKey = args[3];
    String rangeKey = args[4];

    SQLiteDBAccess access = new SQLiteDBAccess(db);
    Method schemaOf = SQLiteDBAccess.class.getDeclaredMethod("getTableSchemaInfo", String.class);
    schemaOf.setAccessible(true);
    TableSchemaInfo schema = (TableSchemaInfo) schemaOf.invoke(access, table);
    Method bindings =
        SQLiteDBAccess.class.getDeclaredMethod(
            "sqliteColumnBindingsForAllAttributes", Map.class, TableSchemaInfo.class, AttributeValue.class, AttributeValue.class);
    bindings.setAccessible(true);

    SQLiteConnection conn = new SQLiteConnection(db);
    conn.open(false);
    // the DynamoDB Local serving the file may hold its write lock for a moment
    conn.setBusyTimeout(60_000);
    conn.exec("PRAGMA cache_size = -4000000");
    String quoted = "\"" + table.replace("\"", "\"\"") + "\"";
    if (mode.equals("load")) {
      // a million records' random inserts into 21 indexes outgrow any cache: drop them, load, build each once (a
      // sort), when the load is large beside the table (building them reads the whole table)
      long expected = args.length >= 6 ? Long.parseLong(args[5]) : 0;
      long verifyEvery = args.length == 7 ? Long.parseLong(args[6]) : 0;
      boolean rebuild = expected >= 200_000 && expected > rowsOf(conn, quoted);
      List<String> indexes = rebuild ? indexesOf(conn, table) : List.of();
      for (String sql : indexes) conn.exec("DROP INDEX " + sql.replaceFirst("^CREATE INDEX (\"[^\"]+\").*$", "$1"));
      load(conn, quoted, access, bindings, schema, hashKey, rangeKey);
      for (String sql : indexes) {
        conn.exec(sql);
        System.out.println("indexed " + sql.replaceFirst("^CREATE INDEX (\"[^\"]+\").*$", "$1"));
      }
      System.out.println("loaded done");
      if (verifyEvery > 0) verify(conn, quoted, access, bindings, schema, hashKey, rangeKey, verifyEvery);
    }
    else if (mode.equals("verify")) verify(conn, quoted, access, bindings, schema, hashKey, rangeKey, args.length == 6 ? Long.parseLong(args[5]) : 1);
    else throw new IllegalArgumentException("mode must be load or verify: " + mode);
    conn.dispose();
    access.close();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, byte[]> columnsOf(
      SQLiteDBAccess access, Method bindings, TableSchemaInfo schema, Map<String, AttributeValue> item, String hashKey, String rangeKey)
      throws Exception {
    return (Map<String, byte[]>) bindings.invoke(access, item, schema, item.get(hashKey), item.get(rangeKey));
  }

  private static void load(
      SQLiteConnection conn, String table, SQLiteDBAccess access, Method bindings, TableSchemaInfo schema, String hashKey, String rangeKey)
      throws Exception {
    System.out.println("ready");
    System.out.flush();
    Map<String, SQLiteStatement> statements = new HashMap<>();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 20);
    long n = 0;
    conn.exec("BEGIN");
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.isEmpty()) continue;
      Map<String, AttributeValue> item = MAPPER.readValue(line.getBytes(StandardCharsets.UTF_8), DynamoDbObjectMapper.ITEM_TYPE);
      Map<String, byte[]> columns = columnsOf(access, bindings, schema, item, hashKey, rangeKey);
      String[] names = columns.keySet().toArray(new String[0]);
      Arrays.sort(names);
      String key = String.join(",", names);
      SQLiteStatement st = statements.get(key);
      if (st == null) {
        String[] marks = new String[names.length + 1];
        Arrays.fill(marks, "?");
        st = conn.prepare("INSERT OR REPLACE INTO " + table + " (" + key + ",itemSize) VALUES (" + String.join(",", marks) + ")", true);
        statements.put(key, st);
      }
      for (int i = 0; i < names.length; i++) st.bind(i + 1, columns.get(names[i]));
      st.bind(names.length + 1, LocalDBUtils.getItemSizeBytes(item));
      st.step();
      st.reset(true);
      if (++n % 50_000 == 0) {
        conn.exec("COMMIT");
        conn.exec("BEGIN");
        System.out.println("loaded " + n);
      }
    }
    conn.exec("COMMIT");
    System.out.println("loaded " + n + " items");
  }

  private static long rowsOf(SQLiteConnection conn, String quoted) throws Exception {
    SQLiteStatement st = conn.prepare("SELECT count(*) FROM " + quoted);
    st.step();
    long rows = st.columnLong(0);
    st.dispose();
    return rows;
  }

  /** The CREATE INDEX statements of the table's secondary indexes, as DynamoDB Local made them (not its primary key's). */
  private static List<String> indexesOf(SQLiteConnection conn, String table) throws Exception {
    List<String> sqls = new ArrayList<>();
    SQLiteStatement st = conn.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL");
    st.bind(1, table);
    while (st.step()) sqls.add(st.columnString(0));
    st.dispose();
    for (String sql : sqls) {
      if (!sql.matches("^CREATE INDEX \"[^\"]+\" ON .*$")) throw new IllegalStateException("unexpected index definition: " + sql);
    }
    return sqls;
  }

  private static void verify(
      SQLiteConnection conn, String table, SQLiteDBAccess access, Method bindings, TableSchemaInfo schema, String hashKey, String rangeKey, long every)
      throws Exception {
    List<String> columnNames = new ArrayList<>();
    SQLiteStatement info = conn.prepare("PRAGMA table_info(" + table + ")");
    while (info.step()) columnNames.add(info.columnString(1));
    info.dispose();
    SQLiteStatement rows = conn.prepare("SELECT " + String.join(",", columnNames) + " FROM " + table + " WHERE rowid % " + every + " = 0");
    long n = 0;
    long mismatched = 0;
    while (rows.step()) {
      n++;
      Map<String, byte[]> stored = new HashMap<>();
      long storedSize = 0;
      for (int i = 0; i < columnNames.size(); i++) {
        String name = columnNames.get(i);
        if (name.equals("itemSize")) storedSize = rows.columnLong(i);
        else if (!rows.columnNull(i)) stored.put(name, rows.columnBlob(i));
      }
      Map<String, AttributeValue> item = MAPPER.readValue(stored.get("ObjectJSON"), DynamoDbObjectMapper.ITEM_TYPE);
      Map<String, byte[]> computed = columnsOf(access, bindings, schema, item, hashKey, rangeKey);
      boolean same = stored.keySet().equals(computed.keySet()) && storedSize == LocalDBUtils.getItemSizeBytes(item);
      for (String name : stored.keySet()) {
        if (!same) break;
        // ObjectJSON is compared as an item: its attributes' order is a hash map's
        if (name.equals("ObjectJSON")) same = item.equals(MAPPER.readValue(computed.get(name), DynamoDbObjectMapper.ITEM_TYPE));
        else same = Arrays.equals(stored.get(name), computed.get(name));
      }
      if (!same) {
        mismatched++;
        if (mismatched <= 5) System.out.println("mismatch: " + new String(stored.get("ObjectJSON"), StandardCharsets.UTF_8));
      }
    }
    rows.dispose();
    System.out.println("verified " + n + " rows, " + mismatched + " mismatched");
    if (mismatched > 0) System.exit(1);
  }
}
