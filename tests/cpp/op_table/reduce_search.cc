// Reductions, and searching or scanning along an axis.
#include "op_table.h"

namespace paddle {
namespace test {

PD_OP_TABLE(ReduceSearch) {
  std::vector<OpRow> rows = {
      ReduceRow("reduce_sum", "reduce_sum", {1}, false, Sum),
      ReduceRow("reduce_sum_all_keep", "reduce_sum", {}, true, Sum),
      ReduceRow("reduce_mean", "reduce_mean", {0, 2}, false, Mean),
      ReduceRow("reduce_mean_last_keep", "reduce_mean", {-1}, true, Mean),
      ReduceRow("reduce_max", "reduce_max", {2}, false, MaxOf),
      ReduceRow("reduce_min", "reduce_min", {0}, true, MinOf),
      ReduceRow("reduce_prod", "reduce_prod", {1, 2}, false,
                [](const std::vector<double>& v) {
                  return std::accumulate(v.begin(), v.end(), 1.0, std::multiplies<double>());
                }),
  };
  // Searching and scanning along an axis.
  auto arg = [](const std::string& op, bool max) {
    OpRow r{op, op, {{"X", {3, 4, 5}}}, {{"axis", int64_t{1}}}, nullptr};
    r.reference = [max](const std::vector<Arr>& in, const AttributeMap&) {
      Arr a = AlongLines(in[0], 1, 1, [max](const std::vector<double>& l) {
        const auto it = max ? std::max_element(l.begin(), l.end()) : std::min_element(l.begin(), l.end());
        return std::vector<double>{double(it - l.begin())};
      });
      a.shape = {3, 5};
      return a;
    };
    return r;
  };
  rows.push_back(arg("arg_max", true));
  rows.push_back(arg("arg_min", false));
  OpRow topk{"top_k_v2", "top_k_v2", {{"X", {3, 6}}}, {{"k", int32_t{2}}}, nullptr};
  topk.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return AlongLines(in[0], 1, 2, [](const std::vector<double>& l) { return SortedDesc(l); });
  };
  rows.push_back(topk);
  OpRow argsort{"argsort", "argsort", {{"X", {4, 3, 2}}}, {{"axis", int32_t{0}}}, nullptr};
  argsort.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return AlongLines(in[0], 0, 4, [](std::vector<double> l) {
      std::sort(l.begin(), l.end());
      return l;
    });
  };
  rows.push_back(argsort);
  auto cumsum = [](const std::string& name, bool exclusive, bool reverse) {
    OpRow r{name, "cumsum", {{"X", {3, 4, 5}}},
            {{"axis", int32_t{1}}, {"exclusive", exclusive}, {"reverse", reverse}}, nullptr};
    r.reference = [exclusive, reverse](const std::vector<Arr>& in, const AttributeMap&) {
      return AlongLines(in[0], 1, 4, [=](const std::vector<double>& l) {
        std::vector<double> out(l.size());
        double acc = 0;
        for (size_t s = 0; s < l.size(); ++s) {
          const size_t j = reverse ? l.size() - 1 - s : s;
          if (exclusive) out[j] = acc;
          acc += l[j];
          if (!exclusive) out[j] = acc;
        }
        return out;
      });
    };
    return r;
  };
  rows.push_back(cumsum("cumsum", false, false));
  rows.push_back(cumsum("cumsum_exclusive_reverse", true, true));
  return rows;
}

}  // namespace test
}  // namespace paddle
