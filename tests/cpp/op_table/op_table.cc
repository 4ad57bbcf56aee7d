// The op table's registry of areas and its row makers.
#include "op_table.h"

namespace paddle {
namespace test {

namespace {
std::vector<std::vector<OpRow> (*)()>& Areas() {
  static std::vector<std::vector<OpRow> (*)()> areas;
  return areas;
}
}  // namespace

bool ListRows(std::vector<OpRow> (*rows)()) {
  Areas().push_back(rows);
  return true;
}

std::vector<OpRow> AllRows() {
  std::vector<OpRow> all;
  for (auto* rows : Areas())
    for (OpRow& r : rows()) all.push_back(std::move(r));
  return all;
}

std::string RowName(const ::testing::TestParamInfo<OpRow>& info) { return info.param.name; }

OpRow UnaryRow(const std::string& op, std::function<double(double)> f, double lo,
               double hi, AttributeMap attrs) {
  OpRow row{op, op, {{"X", {3, 4, 5}, lo, hi}}, std::move(attrs), nullptr};
  row.reference = [f](const std::vector<Arr>& in, const AttributeMap&) { return Map(in[0], f); };
  return row;
}

OpRow BinaryRow(const std::string& name, const std::string& op, Shape x, Shape y,
                std::function<double(double, double)> f, double lo, double hi) {
  OpRow row{name, op, {{"X", x, lo, hi}, {"Y", y, lo, hi}}, {}, nullptr};
  row.reference = [f](const std::vector<Arr>& in, const AttributeMap&) {
    return Broadcast2(in[0], in[1], f);
  };
  return row;
}

OpRow ReduceRow(const std::string& name, const std::string& op, Ints dims, bool keep,
                std::function<double(const std::vector<double>&)> f) {
  OpRow row{name, op, {{"X", {3, 4, 5}}}, {{"dim", dims}, {"keep_dim", keep}}, nullptr};
  row.reference = [dims, keep, f](const std::vector<Arr>& in, const AttributeMap&) {
    return ReduceRef(in[0], std::vector<int>(dims.begin(), dims.end()), keep, f);
  };
  return row;
}

Arr AlongLines(const Arr& x, int axis, int64_t m,
               const std::function<std::vector<double>(const std::vector<double>&)>& fn) {
  const Shape& d = x.shape;
  int64_t outer = 1, inner = 1;
  for (int i = 0; i < axis; ++i) outer *= d[i];
  for (size_t i = axis + 1; i < d.size(); ++i) inner *= d[i];
  const int64_t n = d[axis];
  Arr out{d, std::vector<double>(outer * m * inner)};
  out.shape[axis] = m;
  for (int64_t a = 0; a < outer; ++a)
    for (int64_t c = 0; c < inner; ++c) {
      std::vector<double> line;
      for (int64_t j = 0; j < n; ++j) line.push_back(x.v[(a * n + j) * inner + c]);
      const std::vector<double> r = fn(line);
      for (int64_t j = 0; j < m; ++j) out.v[(a * m + j) * inner + c] = r[j];
    }
  return out;
}

std::vector<double> SortedDesc(std::vector<double> v) {
  std::sort(v.rbegin(), v.rend());
  return v;
}

double Sum(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); }
double Mean(const std::vector<double>& v) { return Sum(v) / static_cast<double>(v.size()); }
double MaxOf(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }
double MinOf(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

}  // namespace test
}  // namespace paddle
