// Indexing: gather, scatter, where, one_hot, take_along_axis, masked_select, scatter_nd_add,
// put_along_axis, lookup_table_v2, lookup_table.
#include "op_table.h"

namespace paddle {
namespace test {

PD_OP_TABLE(Index) {
  std::vector<OpRow> rows;
  // Picking by index: Index is int64, drawn with repeats and negative entries.
  auto along = [](const Arr& x, const Arr& idx, int axis) {
    const Shape& d = x.shape;
    int64_t outer = 1, inner = 1;
    for (int i = 0; i < axis; ++i) outer *= d[i];
    for (size_t i = axis + 1; i < d.size(); ++i) inner *= d[i];
    const int64_t n = static_cast<int64_t>(idx.v.size());
    Arr out{d, {}};
    out.shape[axis] = n;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < n; ++i) {
        const int64_t j = idx.v[i] < 0 ? static_cast<int64_t>(idx.v[i]) + d[axis]
                                       : static_cast<int64_t>(idx.v[i]);
        for (int64_t k = 0; k < inner; ++k) out.v.push_back(x.v[(o * d[axis] + j) * inner + k]);
      }
    return out;
  };
  OpRow gather{"gather", "gather", {{"X", {5, 3}}, {"Index", {7}, -5, 4}}, {}, nullptr};
  gather.inputs[1].dtype = DataType::kInt64;
  gather.reference = [along](const std::vector<Arr>& in, const AttributeMap&) {
    return along(in[0], in[1], 0);
  };
  rows.push_back(gather);
  OpRow gather_axis = gather;
  gather_axis.name = "gather_axis1";
  gather_axis.inputs = {{"X", {2, 4, 3}}, {"Index", {5}, -4, 3}};
  gather_axis.inputs[1].dtype = DataType::kInt32;
  gather_axis.attrs = {{"axis", int32_t{1}}};
  gather_axis.reference = [along](const std::vector<Arr>& in, const AttributeMap&) {
    return along(in[0], in[1], 1);
  };
  rows.push_back(gather_axis);
  OpRow select{"index_select", "index_select", {{"X", {2, 4, 3}}, {"Index", {6}, -3, 2}},
               {{"dim", int32_t{-1}}}, nullptr};
  select.inputs[1].dtype = DataType::kInt64;
  select.reference = [along](const std::vector<Arr>& in, const AttributeMap&) {
    return along(in[0], in[1], 2);
  };
  rows.push_back(select);
  OpRow where{"where", "where", {{"Condition", {3, 4}, -1, 1}, {"X", {3, 4}}, {"Y", {3, 4}}}, {},
              nullptr};
  where.inputs[0].dtype = DataType::kBool;
  where.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out = in[1];
    for (size_t i = 0; i < out.v.size(); ++i) out.v[i] = in[0].v[i] ? in[1].v[i] : in[2].v[i];
    return out;
  };
  rows.push_back(where);
  OpRow one_hot{"one_hot_v2", "one_hot_v2", {{"X", {2, 3}, 0, 4}}, {{"depth", int32_t{5}}},
                nullptr};
  one_hot.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{2, 3, 5}, std::vector<double>(30, 0.0)};
    for (size_t i = 0; i < in[0].v.size(); ++i) out.v[i * 5 + static_cast<size_t>(in[0].v[i])] = 1;
    return out;
  };
  one_hot.inputs[0].dtype = DataType::kInt64;
  rows.push_back(one_hot);
  OpRow shard{"shard_index", "shard_index", {{"X", {6, 1}, 0, 19}},
              {{"index_num", int32_t{20}}, {"nshards", int32_t{3}}, {"shard_id", int32_t{1}},
               {"ignore_value", int32_t{-5}}},
              nullptr};
  shard.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out = in[0];
    for (double& v : out.v) v = static_cast<int>(v) / 7 == 1 ? static_cast<int>(v) % 7 : -5;
    return out;
  };
  shard.inputs[0].dtype = DataType::kInt64;
  rows.push_back(shard);
  OpRow take{"take_along_axis", "take_along_axis", {{"Input", {3, 4}}, {"Index", {3, 2}, -4, 3}},
             {{"Axis", int32_t{1}}}, nullptr};
  take.out_slot = "Result";
  take.inputs[1].dtype = DataType::kInt64;
  take.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{3, 2}, {}};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 2; ++j) {
        int64_t c = static_cast<int64_t>(in[1].v[i * 2 + j]);
        if (c < 0) c += 4;
        out.v.push_back(in[0].v[i * 4 + c]);
      }
    return out;
  };
  rows.push_back(take);
  OpRow gather_nd{"gather_nd", "gather_nd", {{"X", {3, 4, 2}}, {"Index", {5, 2}, 0, 2}}, {}, nullptr};
  gather_nd.inputs[1].dtype = DataType::kInt64;  // (i, j) pairs, each in [0, 2]
  gather_nd.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{5, 2}, {}};
    for (int t = 0; t < 5; ++t) {
      const int64_t i = static_cast<int64_t>(in[1].v[t * 2]), j = static_cast<int64_t>(in[1].v[t * 2 + 1]);
      for (int k = 0; k < 2; ++k) out.v.push_back(in[0].v[(i * 4 + j) * 2 + k]);
    }
    return out;
  };
  rows.push_back(gather_nd);
  auto scatter = [](const std::string& name, bool overwrite) {
    OpRow r{name, "scatter", {{"X", {5, 3}}, {"Ids", {4}, 0, 4}, {"Updates", {4, 3}}},
            {{"overwrite", overwrite}}, nullptr};
    r.inputs[1].dtype = DataType::kInt64;
    r.reference = [overwrite](const std::vector<Arr>& in, const AttributeMap&) {
      Arr out = in[0];
      if (!overwrite)
        for (double id : in[1].v)
          for (int j = 0; j < 3; ++j) out.v[static_cast<size_t>(id) * 3 + j] = 0;
      for (size_t i = 0; i < in[1].v.size(); ++i)
        for (int j = 0; j < 3; ++j) {
          double& d = out.v[static_cast<size_t>(in[1].v[i]) * 3 + j];
          d = overwrite ? in[2].v[i * 3 + j] : d + in[2].v[i * 3 + j];
        }
      return out;
    };
    return r;
  };
  rows.push_back(scatter("scatter", true));
  rows.push_back(scatter("scatter_add", false));
  OpRow masked{"masked_select", "masked_select", {{"X", {3, 4}}, {"Mask", {3, 4}, -1, 1}}, {},
               nullptr};
  masked.out_slot = "Y";
  masked.shape_from_values = true;
  masked.inputs[1].dtype = DataType::kBool;
  masked.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr y{{0}, {}};
    for (size_t i = 0; i < in[0].v.size(); ++i)
      if (in[1].v[i]) y.v.push_back(in[0].v[i]);
    y.shape[0] = static_cast<int64_t>(y.v.size());
    return y;
  };
  rows.push_back(masked);
  // scatter_nd_add: rows of X [4, 3] (one coordinate, negatives from the end), and
  // elements of X [3, 4, 2] slices (two coordinates); repeated tuples add up.
  auto nd_add = [](const std::string& name, Shape x, Shape index, Shape updates, double lo,
                   double hi) {
    OpRow r{name, "scatter_nd_add", {{"X", x}, {"Index", index, lo, hi}, {"Updates", updates}},
            {}, nullptr};
    r.inputs[1].dtype = DataType::kInt64;
    r.reference = [x](const std::vector<Arr>& in, const AttributeMap&) {
      Arr out = in[0];
      const size_t k = static_cast<size_t>(in[1].shape.back());
      const size_t slice = out.v.size() / static_cast<size_t>(x[0] * (k == 2 ? x[1] : 1));
      for (size_t t = 0; t * k < in[1].v.size(); ++t) {
        int64_t off = 0;
        for (size_t d = 0; d < k; ++d) {
          const int64_t v = static_cast<int64_t>(in[1].v[t * k + d]);
          off = off * x[d] + (v < 0 ? v + x[d] : v);
        }
        for (size_t j = 0; j < slice; ++j) out.v[off * slice + j] += in[2].v[t * slice + j];
      }
      return out;
    };
    return r;
  };
  rows.push_back(nd_add("scatter_nd_add", {4, 3}, {5, 1}, {5, 3}, -4, 3));
  rows.push_back(nd_add("scatter_nd_add_pairs", {3, 4, 2}, {2, 3, 2}, {2, 3, 2}, 0, 2));
  // put_along_axis on Input [3, 4] along `axis`; Index repeats positions, so reductions
  // meet; Value may be larger than Index (read at Index's positions).
  auto put = [](const std::string& reduce, bool self, Shape index, Shape value, int32_t axis) {
    OpRow r{"put_along_axis_" + reduce + (self ? "" : "_exclude_self") +
                (index == Shape{3, 2} ? "" : "_index_" + std::to_string(index[0]) + "x" +
                                                 std::to_string(index[1])),
            "put_along_axis",
            {{"Input", {3, 4}, 0.5, 2}, {"Index", index, axis == 1 ? -4 : -3, axis == 1 ? 3 : 2},
             {"Value", value, -2, 2}},
            {{"Axis", axis}, {"Reduce", reduce}, {"Include_self", self}}, nullptr};
    r.out_slot = "Result";
    r.inputs[1].dtype = DataType::kInt64;
    r.reference = [reduce, self, axis](const std::vector<Arr>& in, const AttributeMap&) {
      const Arr &x = in[0], &idx = in[1], &val = in[2];
      bool whole = true;  // integer kernels: the mean rounds down
      for (const Arr* a : {&x, &val})
        for (double v : a->v) whole = whole && v == std::floor(v);
      Arr out = x;
      std::vector<std::vector<double>> put(x.v.size());
      for (int64_t i = 0; i < idx.shape[0]; ++i)
        for (int64_t j = 0; j < idx.shape[1]; ++j) {
          int64_t c = static_cast<int64_t>(idx.v[i * idx.shape[1] + j]);
          if (c < 0) c += x.shape[axis];
          const int64_t at = axis == 1 ? i * 4 + c : c * 4 + j;
          put[at].push_back(val.v[i * val.shape[1] + j]);
        }
      for (size_t p = 0; p < put.size(); ++p) {
        if (put[p].empty()) continue;
        std::vector<double> all = put[p];
        if (self) all.push_back(x.v[p]);
        if (reduce == "assign") out.v[p] = put[p].back();
        if (reduce == "add") out.v[p] = Sum(all);
        if (reduce == "mul")
          out.v[p] = std::accumulate(all.begin(), all.end(), 1.0, std::multiplies<double>());
        if (reduce == "mean")
          out.v[p] = whole ? std::floor(Sum(all) / all.size()) : Mean(all);
        if (reduce == "amin") out.v[p] = MinOf(all);
        if (reduce == "amax") out.v[p] = MaxOf(all);
      }
      return out;
    };
    return r;
  };
  for (const char* reduce : {"assign", "add", "mul", "mean", "amin", "amax"}) {
    rows.push_back(put(reduce, true, {3, 2}, {3, 2}, 1));
    if (std::string(reduce) != "assign") rows.push_back(put(reduce, false, {3, 2}, {3, 2}, 1));
  }
  rows.push_back(put("add", true, {2, 3}, {3, 3}, 1));  // Index covers part of Input; Value larger
  rows.push_back(put("assign", true, {4, 2}, {4, 3}, 0));  // along axis 0, Index longer than Input
  // lookup_table_v2 (Ids of any shape) and the legacy lookup_table (Ids [..., 1]) on a
  // table W [6, 3]; padding_idx (negative: from the end) gives zero rows.
  auto lookup = [](const std::string& name, const std::string& op, Shape ids, DataType id_type,
                   int64_t padding_idx) {
    OpRow r{name, op, {{"Ids", ids, 0, 5}, {"W", {6, 3}}}, {{"padding_idx", padding_idx}},
            nullptr};
    r.inputs[0].dtype = id_type;
    if (op == "lookup_table") std::swap(r.inputs[0], r.inputs[1]);  // its slots: W, Ids
    const bool legacy = op == "lookup_table";
    r.reference = [legacy, padding_idx](const std::vector<Arr>& in, const AttributeMap&) {
      const Arr& ids = in[legacy ? 1 : 0];
      const Arr& w = in[legacy ? 0 : 1];
      const int64_t pad = padding_idx < 0 && padding_idx != -1 ? padding_idx + 6 : padding_idx;
      Arr out{ids.shape, {}};
      if (legacy) out.shape.pop_back();
      out.shape.push_back(3);
      for (double id : ids.v)
        for (int j = 0; j < 3; ++j)
          out.v.push_back(id == pad ? 0.0 : w.v[static_cast<size_t>(id) * 3 + j]);
      return out;
    };
    return r;
  };
  rows.push_back(lookup("lookup_table_v2", "lookup_table_v2", {2, 5}, DataType::kInt64, -1));
  rows.push_back(lookup("lookup_table_v2_padding_int32", "lookup_table_v2", {7}, DataType::kInt32, 2));
  rows.push_back(lookup("lookup_table_v2_padding_from_end", "lookup_table_v2", {2, 2, 3},
                        DataType::kInt64, -3));
  rows.push_back(lookup("lookup_table", "lookup_table", {5, 1}, DataType::kInt64, -1));
  rows.push_back(lookup("lookup_table_padding_int32", "lookup_table", {2, 4, 1}, DataType::kInt32, 4));
  return rows;
}

}  // namespace test
}  // namespace paddle
