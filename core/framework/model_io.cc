// Reading and writing PaddlePaddle's .pdmodel / .pdiparams (docs/en/model_format.md).
//
// The tensor-stream code is written once against two small interfaces: a
// ByteSource (a mapped file or a caller's istream) and a ByteSink (an atomic
// file or a caller's ostream). Every length read from a file is checked
// against the bytes that remain before anything is allocated, so a corrupt
// size is an InvalidModel error, never an out-of-memory or a crash.
#include "core/framework/model_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <unordered_set>
#include <utility>

#include "core/base/enforce.h"
#include "core/framework/op_def.h"

namespace paddle {
namespace {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "the .pdiparams stream is little-endian and is read and written in host order");

constexpr uint32_t kTensorVersion = 0;
// PaddlePaddle's name for "no variable" in an optional slot (kEmptyVarName).
constexpr const char* kEmptyVarName = "@EMPTY@";

std::string ErrnoText() { return std::strerror(errno); }

// ---------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------

// Owns a descriptor, so every path out of a function closes it.
class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  ~Fd() { Reset(); }
  Fd(Fd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  Fd& operator=(Fd&& o) noexcept {
    if (this != &o) {
      Reset();
      fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
  }
  int get() const { return fd_; }
  // Closes now and reports whether close succeeded (it can report a failed write).
  bool Close() {
    int fd = std::exchange(fd_, -1);
    return fd < 0 || ::close(fd) == 0;
  }

 private:
  void Reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  int fd_;
};

// A regular file opened for reading. Files are read with read/pread, never
// mapped: a mapped file that shrinks under the reader (a deploy overwriting
// it in place) raises SIGBUS, where a read just returns fewer bytes.
class InputFile {
 public:
  // NotFound names the path.
  explicit InputFile(const std::string& path) : path_(path) {
    CheckNoNul(path, "model_io", "path");
    fd_ = Fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    PD_CHECK(fd_.get() >= 0, NotFound, "[model_io] cannot open '", path, "': ", ErrnoText());
    opened_ = Stat();
    PD_CHECK(S_ISREG(opened_.st_mode), NotFound, "[model_io] '", path, "' is not a regular file");
  }
  uint64_t size() const { return static_cast<uint64_t>(opened_.st_size); }

  // Reads up to n bytes at `offset`; fewer only at the end of the file.
  uint64_t ReadAt(void* dst, uint64_t n, uint64_t offset) const {
    uint64_t got = 0;
    while (got < n) {
      ssize_t r = ::pread(fd_.get(), static_cast<char*>(dst) + got,
                          static_cast<size_t>(std::min<uint64_t>(n - got, 1u << 30)),
                          static_cast<off_t>(offset + got));
      if (r < 0 && errno == EINTR) continue;
      if (r < 0)
        PD_THROW_KIND(errno == ENOMEM ? ErrorKind::kResourceExhausted : ErrorKind::kNotFound,
                      "[model_io] cannot read '", path_, "': ", ErrnoText());
      if (r == 0) break;
      got += static_cast<uint64_t>(r);
    }
    return got;
  }

  // Throws InvalidModel when the file was written or truncated since it was
  // opened, so a load never mixes two versions of it. (A file replaced by a
  // rename is a new inode: the one opened here is read whole, unchanged.)
  void CheckUnchanged() const {
    const struct stat now = Stat();
    const bool same = now.st_size == opened_.st_size &&
                      now.st_mtim.tv_sec == opened_.st_mtim.tv_sec &&
                      now.st_mtim.tv_nsec == opened_.st_mtim.tv_nsec &&
                      now.st_ctim.tv_sec == opened_.st_ctim.tv_sec &&
                      now.st_ctim.tv_nsec == opened_.st_ctim.tv_nsec;
    PD_CHECK(same, InvalidModel, "[model_io] file '", path_,
             "' changed while it was being read (size ", opened_.st_size, " bytes when opened, ",
             now.st_size, " now): load it again once the writer has finished, and replace "
             "model files by renaming a complete new file over them, not by rewriting them "
             "in place");
  }

 private:
  struct stat Stat() const {
    struct stat st;
    PD_CHECK(::fstat(fd_.get(), &st) == 0, NotFound, "[model_io] cannot stat '", path_, "': ",
             ErrnoText());
    return st;
  }
  std::string path_;
  Fd fd_;
  struct stat opened_;
};

std::string ReadWholeFile(const std::string& path) {
  InputFile file(path);
  std::string bytes;
  try {
    bytes.resize(file.size());
  } catch (const std::bad_alloc&) {
    PD_THROW(ResourceExhausted, "[model_io] out of memory reading '", path, "' (", file.size(),
             " bytes)");
  }
  bytes.resize(file.ReadAt(&bytes[0], bytes.size(), 0));
  file.CheckUnchanged();
  return bytes;
}

// Writes `path` all or nothing: the bytes go to a fresh temporary file in the
// same directory, which is flushed to disk and renamed over `path` only by
// Commit(). Destroying it uncommitted removes the temporary file.
class AtomicFile {
 public:
  explicit AtomicFile(const std::string& path) : path_(path) {
    CheckNoNul(path, "model_io", "path");
    static std::atomic<uint64_t> counter{0};
    tmp_ = StrCat(path, ".tmp.", ::getpid(), ".", counter++);
    // 0666 so the usual umask gives the file the permissions a plain write would.
    fd_ = Fd(::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666));
    PD_CHECK(fd_.get() >= 0, NotFound, "[model_io] cannot create '", path, "' (temporary file '",
             tmp_, "'): ", ErrnoText());
  }
  ~AtomicFile() {
    if (!committed_) {
      fd_.Close();
      ::unlink(tmp_.c_str());
    }
  }
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Small pieces (record headers) are gathered in a buffer; tensor data large
  // enough to fill it goes to the file directly, without a copy.
  void Write(const void* data, size_t n) {
    const char* p = static_cast<const char*>(data);
    if (buf_.size() + n <= kBufferSize) {
      buf_.append(p, n);
      return;
    }
    Flush();
    if (n < kBufferSize) buf_.append(p, n);
    else WriteRaw(p, n);
  }

  void Commit() {
    Flush();
    PD_CHECK(::fsync(fd_.get()) == 0, ResourceExhausted, "[model_io] cannot flush '", tmp_,
             "' to disk: ", ErrnoText());
    PD_CHECK(fd_.Close(), ResourceExhausted, "[model_io] cannot close '", tmp_, "': ", ErrnoText());
    PD_CHECK(::rename(tmp_.c_str(), path_.c_str()) == 0, NotFound, "[model_io] cannot rename '",
             tmp_, "' to '", path_, "': ", ErrnoText());
    committed_ = true;
  }

 private:
  static constexpr size_t kBufferSize = 1 << 16;

  void Flush() {
    WriteRaw(buf_.data(), buf_.size());
    buf_.clear();
  }
  void WriteRaw(const char* p, size_t n) {
    while (n > 0) {
      ssize_t w = ::write(fd_.get(), p, n);
      if (w < 0 && errno == EINTR) continue;
      // Disk full (ENOSPC) is the usual cause, hence ResourceExhausted.
      PD_CHECK(w > 0, ResourceExhausted, "[model_io] cannot write '", path_, "': ", ErrnoText());
      p += w;
      n -= static_cast<size_t>(w);
    }
  }

  std::string path_, tmp_;
  Fd fd_;
  std::string buf_;
  bool committed_ = false;
};

// ---------------------------------------------------------------------------
// Byte sources and sinks for the tensor stream
// ---------------------------------------------------------------------------

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  uint64_t Remaining() const { return remaining_; }
  uint64_t Offset() const { return offset_; }  // absolute position, for messages
  // Copies n <= Remaining() bytes into dst; false if the source ended sooner.
  bool Read(void* dst, uint64_t n) {
    if (!ReadImpl(dst, n)) return false;
    offset_ += n;
    remaining_ -= n;
    return true;
  }

 protected:
  virtual bool ReadImpl(void* dst, uint64_t n) = 0;
  uint64_t offset_ = 0;
  uint64_t remaining_ = 0;
};

// An InputFile read front to back: small reads (record headers) come from a
// buffer, tensor data is read straight into the tensor's memory.
class FileSource : public ByteSource {
 public:
  explicit FileSource(const InputFile& file) : file_(file) { remaining_ = file.size(); }

 private:
  bool ReadImpl(void* dst, uint64_t n) override {
    char* out = static_cast<char*>(dst);
    const uint64_t buffered = std::min<uint64_t>(n, buf_.size() - buf_pos_);
    if (buffered) std::memcpy(out, buf_.data() + buf_pos_, buffered);
    buf_pos_ += buffered;
    out += buffered;
    n -= buffered;
    if (n == 0) return true;
    const uint64_t at = offset_ + buffered;  // file position of the next unread byte
    if (n >= kBufferSize) return file_.ReadAt(out, n, at) == n;
    buf_.resize(kBufferSize);
    buf_.resize(file_.ReadAt(&buf_[0], kBufferSize, at));
    buf_pos_ = 0;
    if (buf_.size() < n) return false;  // the file ended sooner than it said
    std::memcpy(out, buf_.data(), n);
    buf_pos_ = n;
    return true;
  }

  static constexpr uint64_t kBufferSize = 1 << 16;
  const InputFile& file_;
  std::string buf_;
  size_t buf_pos_ = 0;
};

class StreamSource : public ByteSource {
 public:
  StreamSource(std::istream& in, uint64_t limit) : in_(in) {
    remaining_ = limit;
    std::streampos here = in.tellg();
    if (here == std::streampos(-1)) return;  // not seekable: the caller's limit is all we have
    offset_ = static_cast<uint64_t>(static_cast<std::streamoff>(here));
    // Where the stream knows its end, a length past it is corrupt, however
    // generous `limit` is: this keeps a bad size from sizing an allocation.
    if (in.seekg(0, std::ios::end)) {
      std::streampos end = in.tellg();
      if (end != std::streampos(-1) && end >= here)
        remaining_ = std::min<uint64_t>(limit, static_cast<uint64_t>(end - here));
    }
    in.clear();
    in.seekg(here);
  }

 private:
  bool ReadImpl(void* dst, uint64_t n) override {
    in_.read(static_cast<char*>(dst), static_cast<std::streamsize>(n));
    return static_cast<uint64_t>(in_.gcount()) == n;
  }
  std::istream& in_;
};

class ByteSink {
 public:
  virtual ~ByteSink() = default;
  virtual void Write(const void* data, size_t n) = 0;
  template <typename T>
  void WriteInt(T v) {
    Write(&v, sizeof(v));
  }
};

class FileSink : public ByteSink {
 public:
  explicit FileSink(AtomicFile* file) : file_(file) {}
  void Write(const void* data, size_t n) override { file_->Write(data, n); }

 private:
  AtomicFile* file_;
};

class StreamSink : public ByteSink {
 public:
  explicit StreamSink(std::ostream& out) : out_(out) {}
  void Write(const void* data, size_t n) override {
    out_.write(static_cast<const char*>(data), static_cast<std::streamsize>(n));
    PD_CHECK(out_.good(), ResourceExhausted, "[WriteTensor] the output stream refused ", n,
             " bytes");
  }

 private:
  std::ostream& out_;
};

// ---------------------------------------------------------------------------
// One tensor record
// ---------------------------------------------------------------------------

// What a record's header says, before its data is read.
struct TensorHeader {
  LoD lod;
  DataType dtype = DataType::kFloat32;
  DDim dims;
  uint64_t data_bytes = 0;
  uint64_t desc_offset = 0;  // where the TensorDesc starts, for messages
};

class RecordReader {
 public:
  RecordReader(ByteSource* src, const std::string& what) : src_(*src), what_(what) {}

  TensorHeader ReadHeader() {
    TensorHeader h;
    CheckVersion("the tensor version");
    uint64_t levels_at = src_.Offset();
    uint64_t levels = ReadInt<uint64_t>("the LoD level count");
    // Each level takes at least its 8-byte size field: a count the rest of
    // the file cannot hold is corrupt. (Levels are appended as they are read,
    // so the count never sizes an allocation by itself.)
    if (levels > src_.Remaining() / 8)
      Corrupt("LoD level count ", levels, " at byte offset ", levels_at,
              " is more than the remaining ", src_.Remaining(), " bytes can hold");
    for (uint64_t i = 0; i < levels; ++i) {
      uint64_t at = src_.Offset();
      uint64_t bytes = ReadInt<uint64_t>("a LoD level size");
      if (bytes % sizeof(uint64_t) != 0)
        Corrupt("LoD level ", i, " size ", bytes, " at byte offset ", at,
                " is not a multiple of 8 (the offsets are uint64)");
      h.lod.emplace_back();
      ReadGrowing(&h.lod.back(), bytes, "the LoD offsets");
    }
    CheckVersion("the second tensor version");

    uint64_t size_at = src_.Offset();
    int32_t desc_size = ReadInt<int32_t>("the TensorDesc size");
    if (desc_size < 0)
      Corrupt("TensorDesc size ", desc_size, " at byte offset ", size_at, " is negative");
    h.desc_offset = src_.Offset();
    std::string desc_bytes;
    ReadGrowing(&desc_bytes, static_cast<uint64_t>(desc_size), "the TensorDesc");
    ParseDesc(desc_bytes, &h);
    return h;
  }

  // Reads the data straight into `tensor`'s own (CPU) buffer.
  void ReadData(const TensorHeader& h, DenseTensor* tensor) {
    Need(h.data_bytes, "the tensor data");
    tensor->Resize(h.dims);
    tensor->set_lod(h.lod);
    void* dst = tensor->MutableData(CPUPlace(), h.dtype);
    ReadBytes(dst, h.data_bytes, "the tensor data");
  }

  template <typename... Args>
  [[noreturn]] void Corrupt(Args&&... args) const {
    PD_THROW(InvalidModel, "[pdiparams] ", what_, ": ", std::forward<Args>(args)...);
  }

 private:
  void Need(uint64_t n, const char* field) {
    if (n > src_.Remaining())
      Corrupt("truncated: ", field, " needs ", n, " bytes at byte offset ", src_.Offset(),
              " but only ", src_.Remaining(), " remain");
  }

  void ReadBytes(void* dst, uint64_t n, const char* field) {
    Need(n, field);
    uint64_t at = src_.Offset();
    if (!src_.Read(dst, n))
      Corrupt("truncated: the stream ended while reading ", field, " (", n,
              " bytes) at byte offset ", at);
  }

  // Reads `bytes` into a container that grows as the bytes arrive, so on a
  // stream whose end is unknown a lying size costs at most what is really there.
  template <typename Container>
  void ReadGrowing(Container* out, uint64_t bytes, const char* field) {
    constexpr uint64_t kChunk = uint64_t{1} << 20;
    using Elem = typename Container::value_type;
    Need(bytes, field);
    uint64_t at = src_.Offset();
    for (uint64_t done = 0; done < bytes;) {
      uint64_t n = std::min(kChunk, bytes - done);
      out->resize((done + n) / sizeof(Elem));
      if (!src_.Read(reinterpret_cast<char*>(&(*out)[0]) + done, n))
        Corrupt("truncated: the stream ended while reading ", field, " (", bytes,
                " bytes) at byte offset ", at);
      done += n;
    }
  }

  template <typename T>
  T ReadInt(const char* field) {
    T v;
    ReadBytes(&v, sizeof(v), field);
    return v;
  }

  void CheckVersion(const char* field) {
    uint64_t at = src_.Offset();
    uint32_t version = ReadInt<uint32_t>(field);
    if (version != kTensorVersion)
      Corrupt(field, " at byte offset ", at, " is ", version, ", expected ", kTensorVersion);
  }

  void ParseDesc(const std::string& bytes, TensorHeader* h) {
    proto::VarType::TensorDesc desc;
    // Partial parse + IsInitialized: a clear message instead of protobuf's log line.
    if (!desc.ParsePartialFromString(bytes) || !desc.IsInitialized())
      Corrupt("the ", bytes.size(), "-byte TensorDesc at byte offset ", h->desc_offset,
              " does not parse as a TensorDesc (data type and dims)");
    try {
      h->dtype = DataTypeFromCode(desc.data_type(), "TensorDesc");
    } catch (const Error&) {
      Corrupt("the TensorDesc at byte offset ", h->desc_offset, " has data type ",
              proto::VarType::Type_Name(desc.data_type()), " (code ", desc.data_type(),
              "), which is not a tensor element type");
    }
    if (desc.dims_size() > DDim::kMaxRank)
      Corrupt("the TensorDesc at byte offset ", h->desc_offset, " has rank ", desc.dims_size(),
              ", more than the supported ", DDim::kMaxRank);
    uint64_t numel = 1;
    for (int i = 0; i < desc.dims_size(); ++i) {
      int64_t d = desc.dims(i);
      if (d < 0)
        Corrupt("the TensorDesc at byte offset ", h->desc_offset, " has dim ", i, " = ", d,
                "; a stored tensor's dims are never negative");
      if (__builtin_mul_overflow(numel, static_cast<uint64_t>(d), &numel))
        Corrupt("the TensorDesc at byte offset ", h->desc_offset, " has ",
                "an element count that overflows 64 bits");
    }
    h->dims = DDim(std::vector<int64_t>(desc.dims().begin(), desc.dims().end()));
    if (__builtin_mul_overflow(numel, static_cast<uint64_t>(SizeOf(h->dtype)), &h->data_bytes) ||
        numel > static_cast<uint64_t>(INT64_MAX))
      Corrupt("the TensorDesc at byte offset ", h->desc_offset, " describes ", numel,
              " elements, whose size overflows 64 bits");
  }

  ByteSource& src_;
  const std::string& what_;
};

// Writes one record exactly as PaddlePaddle does: the TensorDesc with dims
// unpacked, which is how our proto2 schema serializes repeated int64.
void WriteRecord(ByteSink& sink, const DenseTensor& t, const std::string& what) {
  PD_CHECK(t.place().type == DeviceType::kCPU, Unimplemented, "[pdiparams] ", what,
           ": the tensor is on ", t.place().ToString(), "; only CPU tensors can be saved");
  PD_CHECK(t.dims().IsFullyKnown(), InvalidArgument, "[pdiparams] ", what, ": shape ",
           t.dims().ToString(), " has unknown (-1) dims and cannot be saved");
  const size_t bytes = t.nbytes();
  PD_CHECK(bytes == 0 || t.IsInitialized(), PreconditionNotMet, "[pdiparams] ", what,
           ": the tensor of shape ", t.dims().ToString(), " holds no data");

  sink.WriteInt<uint32_t>(kTensorVersion);
  sink.WriteInt<uint64_t>(t.lod().size());
  for (const auto& level : t.lod()) {
    sink.WriteInt<uint64_t>(level.size() * sizeof(uint64_t));
    if (!level.empty()) sink.Write(level.data(), level.size() * sizeof(uint64_t));
  }
  sink.WriteInt<uint32_t>(kTensorVersion);

  proto::VarType::TensorDesc desc;
  desc.set_data_type(static_cast<proto::VarType::Type>(t.dtype()));
  for (int i = 0; i < t.dims().rank(); ++i) desc.add_dims(t.dims()[i]);
  std::string desc_bytes = desc.SerializeAsString();
  sink.WriteInt<int32_t>(static_cast<int32_t>(desc_bytes.size()));
  sink.Write(desc_bytes.data(), desc_bytes.size());
  if (bytes) sink.Write(t.data(), bytes);
}

// ---------------------------------------------------------------------------
// Parameters against the program
// ---------------------------------------------------------------------------

// The persistable tensors of block 0 in file order (sorted by name, which is
// byte order: what Python's sorted() gives for UTF-8 names).
std::vector<const VarDesc*> PersistableVars(const ProgramDesc& program) {
  std::vector<const VarDesc*> vars;
  if (program.BlockCount() == 0) return vars;
  const BlockDesc* block = program.Block(0);
  for (size_t i = 0; i < block->VarCount(); ++i) {
    const VarDesc* v = block->Var(i);
    if (!v->Persistable()) continue;
    VarKind kind = v->Kind();
    if (kind == proto::VarType::FEED_MINIBATCH || kind == proto::VarType::FETCH_LIST ||
        kind == proto::VarType::RAW)
      continue;
    vars.push_back(v);
  }
  std::sort(vars.begin(), vars.end(),
            [](const VarDesc* a, const VarDesc* b) { return a->Name() < b->Name(); });
  return vars;
}

std::string ShapeString(const std::vector<int64_t>& dims) { return DDim(dims).ToString(); }

// The element type and shape the program declares for a parameter. `kind`
// is the error kind for a declaration that is itself bad: InvalidModel when
// loading (the program came from a file), InvalidArgument when saving.
void DeclaredTensor(const VarDesc& var, const std::string& what, ErrorKind kind,
                    DataType* dtype, std::vector<int64_t>* dims) {
  PD_CHECK(var.Kind() == proto::VarType::LOD_TENSOR, Unimplemented, "[pdiparams] ", what,
           ": persistable variables of kind ", proto::VarType::Type_Name(var.Kind()),
           " are not supported; only LOD_TENSOR parameters are");
  if (!var.Proto().type().has_lod_tensor())
    ThrowError(kind, "[pdiparams] ", what, ": the program declares it LOD_TENSOR but gives ",
               "no tensor desc (data type and dims)");
  int code = var.Proto().type().lod_tensor().tensor().data_type();
  try {
    *dtype = DataTypeFromCode(code, "VarDesc");
  } catch (const Error&) {
    ThrowError(kind, "[pdiparams] ", what, ": the program declares data type code ", code,
               ", which is not a tensor element type");
  }
  *dims = var.GetShape();
  if (dims->size() > static_cast<size_t>(DDim::kMaxRank))
    ThrowError(kind, "[pdiparams] ", what, ": the program declares rank ", dims->size(),
               ", more than the supported ", DDim::kMaxRank);
}

// A -1 (unknown) dim in the declaration matches any size.
bool ShapeMatches(const std::vector<int64_t>& declared, const DDim& actual) {
  if (static_cast<int>(declared.size()) != actual.rank()) return false;
  for (int i = 0; i < actual.rank(); ++i)
    if (declared[i] != -1 && declared[i] != actual[i]) return false;
  return true;
}

// ---------------------------------------------------------------------------
// Program validation helpers
// ---------------------------------------------------------------------------

template <typename... Args>
[[noreturn]] void BadProgram(const std::string& source, Args&&... args) {
  PD_THROW(InvalidModel, "[pdmodel] ", source, ": ", std::forward<Args>(args)...);
}

void CheckBlockRef(int64_t idx, int nblocks, const std::string& source, int block,
                   int op, const proto::OpDesc& desc, const std::string& attr) {
  if (idx < 0 || idx >= nblocks)
    BadProgram(source, "block ", block, " op ", op, " (", desc.type(), "): attribute '", attr,
               "' names block ", idx, ", but the program has ", nblocks, " blocks");
}

}  // namespace

// ---------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------

namespace {

bool IsValidUtf8(const std::string& s) {
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    // Continuation bytes that follow a lead byte: 110xxxxx 1, 1110xxxx 2, 11110xxx 3.
    size_t extra = c < 0x80 ? 0 : (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xe ? 2 : (c >> 3) == 0x1e ? 3 : 4;
    if (extra == 4 || (extra > 0 && i + extra >= s.size())) return false;
    for (size_t k = 1; k <= extra; ++k)
      if ((static_cast<unsigned char>(s[i + k]) >> 6) != 0x2) return false;
    i += extra + 1;
  }
  return true;
}

// The name with bytes outside printable ASCII shown as \xNN (safe in any message).
std::string Escaped(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[5];
      std::snprintf(buf, sizeof(buf), "\\x%02x", c);
      out += buf;
    }
  }
  return out;
}

// Names reach Python and error messages as text: they must be UTF-8.
void CheckName(const std::string& name, const std::string& source, const char* what, int block) {
  if (!IsValidUtf8(name))
    BadProgram(source, "block ", block, ": ", what, " '", Escaped(name), "' is not valid UTF-8");
}

}  // namespace

void ValidateProgram(const ProgramDesc& program, const std::string& source) {
  const proto::ProgramDesc& p = program.Proto();
  int64_t version = p.version().version();
  if (version < 0) BadProgram(source, "program version ", version, " is negative");
  if (version > kProgramVersion)
    BadProgram(source, "program version ", version, " is newer than the newest supported, ",
               kProgramVersion, " (PaddlePaddle 3.3.1)");
  const int nblocks = p.blocks_size();
  if (nblocks == 0) BadProgram(source, "the program has no blocks; block 0 is required");

  // Names declared per block, to resolve op arguments through the parent chain.
  std::vector<std::unordered_set<std::string>> declared(nblocks);
  for (int i = 0; i < nblocks; ++i) {
    const proto::BlockDesc& b = p.blocks(i);
    if (b.idx() != i) BadProgram(source, "the block at position ", i, " says its idx is ", b.idx());
    if (b.parent_idx() != -1 && (b.parent_idx() < 0 || b.parent_idx() >= i))
      BadProgram(source, "block ", i, " has parent_idx ", b.parent_idx(),
                 "; expected -1 or an earlier block (0..", i - 1, ")");
    for (const auto& v : b.vars()) {
      CheckName(v.name(), source, "variable name", i);
      if (!declared[i].insert(v.name()).second)
        BadProgram(source, "block ", i, " declares variable '", v.name(), "' twice");
    }
    for (const auto& op : b.ops()) {
      CheckName(op.type(), source, "op type", i);
      for (const auto& slot : op.inputs()) CheckName(slot.parameter(), source, "slot name", i);
      for (const auto& slot : op.outputs()) CheckName(slot.parameter(), source, "slot name", i);
      for (const auto& a : op.attrs()) CheckName(a.name(), source, "attribute name", i);
    }
  }

  auto visible = [&](int block, const std::string& name) {
    for (int b = block; b != -1; b = p.blocks(b).parent_idx())
      if (declared[b].count(name)) return true;
    return false;
  };
  for (int i = 0; i < nblocks; ++i) {
    const proto::BlockDesc& b = p.blocks(i);
    for (int j = 0; j < b.ops_size(); ++j) {
      const proto::OpDesc& op = b.ops(j);
      for (int out = 0; out < 2; ++out) {
        for (const auto& slot : out ? op.outputs() : op.inputs()) {
          for (const auto& arg : slot.arguments()) {
            if (arg == kEmptyVarName || visible(i, arg)) continue;
            BadProgram(source, "block ", i, " op ", j, " (", op.type(), "): ",
                       out ? "output" : "input", " slot '", slot.parameter(),
                       "' names variable '", arg, "', which is declared neither in block ", i,
                       " nor in its ancestors");
          }
        }
      }
      for (const auto& a : op.attrs()) {
        if (a.type() == proto::BLOCK)
          CheckBlockRef(a.block_idx(), nblocks, source, i, j, op, a.name());
        if (a.type() == proto::BLOCKS)
          for (int32_t idx : a.blocks_idx())
            CheckBlockRef(idx, nblocks, source, i, j, op, a.name());
      }
    }
  }

  // Ops this build knows have their slots and attributes checked against
  // their definitions here, once, before any pass or the executor reads them.
  // (An unknown op type is reported when the program is prepared, listing
  // what exists.)
  const OpRegistry& registry = OpRegistry::Instance();
  for (size_t i = 0; i < program.BlockCount(); ++i) {
    const BlockDesc* b = program.Block(i);
    for (size_t j = 0; j < b->OpCount(); ++j) {
      const OpDesc& op = *b->Op(j);
      if (!registry.Has(op.Type())) continue;
      try {
        const OpDef& def = registry.Get(op.Type());
        def.CheckSlots(op);
        def.CheckAttrs(op.GetAttrMap());
      } catch (const Error& e) {
        BadProgram(source, "block ", i, " op ", j, " (", op.Type(), "): ", e.what());
      }
    }
  }
}

ProgramDesc ParseProgram(const std::string& bytes, const std::string& source) {
  proto::ProgramDesc p;
  // Partial parse + IsInitialized: says which required field is missing,
  // instead of a bare failure and a protobuf log line.
  if (!p.ParsePartialFromString(bytes))
    BadProgram(source, "not a serialized ProgramDesc (", bytes.size(),
               " bytes that do not parse: truncated or not a .pdmodel)");
  if (!p.IsInitialized())
    BadProgram(source, "the ProgramDesc lacks required fields: ", p.InitializationErrorString());
  ProgramDesc program(std::move(p));
  ValidateProgram(program, source);
  return program;
}

ProgramDesc LoadProgram(const std::string& path) {
  return ParseProgram(ReadWholeFile(path), StrCat("file '", path, "'"));
}

void SaveProgram(const ProgramDesc& program, const std::string& path) {
  std::string bytes = program.Serialize();  // throws if a required field is unset
  AtomicFile file(path);
  file.Write(bytes.data(), bytes.size());
  file.Commit();
}

// ---------------------------------------------------------------------------
// Tensors and parameters
// ---------------------------------------------------------------------------

std::vector<std::string> PersistableVarNames(const ProgramDesc& program) {
  std::vector<std::string> names;
  for (const VarDesc* v : PersistableVars(program)) names.push_back(v->Name());
  return names;
}

void WriteTensor(std::ostream& out, const DenseTensor& tensor) {
  StreamSink sink(out);
  WriteRecord(sink, tensor, "WriteTensor");
}

DenseTensor ReadTensor(std::istream& in, uint64_t limit, const std::string& what) {
  StreamSource src(in, limit);
  RecordReader reader(&src, what);
  TensorHeader h = reader.ReadHeader();
  DenseTensor tensor;
  reader.ReadData(h, &tensor);
  return tensor;
}

// Reads the tensors of `vars` (file order) from `src` into `loaded`, checking
// each against its VarDesc and that nothing is left over. `source` ("file
// 'x.pdiparams'") is named in errors.
static void ReadParams(const std::string& source, const std::vector<const VarDesc*>& vars,
                ByteSource* byte_source, std::vector<DenseTensor>* loaded) {
  ByteSource& src = *byte_source;
  for (size_t i = 0; i < vars.size(); ++i) {
    const VarDesc& var = *vars[i];
    const std::string what = StrCat(source, ", variable '", var.Name(), "' (", i + 1,
                                    " of ", vars.size(), ")");
    DataType want_dtype = DataType::kFloat32;
    std::vector<int64_t> want_dims;
    DeclaredTensor(var, what, ErrorKind::kInvalidModel, &want_dtype, &want_dims);

    RecordReader reader(&src, what);
    TensorHeader h = reader.ReadHeader();
    // Checked before the data is read: a mismatch is reported as such, not as
    // the truncation a wrong element size would otherwise look like.
    if (h.dtype != want_dtype)
      reader.Corrupt("data type mismatch: the file holds ", DataTypeName(h.dtype),
                     " (TensorDesc at byte offset ", h.desc_offset, "), the program declares ",
                     DataTypeName(want_dtype));
    if (!ShapeMatches(want_dims, h.dims))
      reader.Corrupt("shape mismatch: the file holds ", h.dims.ToString(),
                     " (TensorDesc at byte offset ", h.desc_offset, "), the program declares ",
                     ShapeString(want_dims));
    reader.ReadData(h, &(*loaded)[i]);
  }
  if (src.Remaining() != 0)
    PD_THROW(InvalidModel, "[pdiparams] ", source, ": ", src.Remaining(),
             " bytes left over at byte offset ", src.Offset(), " after the last of the ",
             vars.size(), " variables the program declares",
             vars.empty() ? std::string() : StrCat(" ('", vars.back()->Name(), "')"),
             "; the file holds more than this program's parameters");
}

void LoadParams(const std::string& path, const ProgramDesc& program, Scope* scope) {
  PD_CHECK(scope, InvalidArgument, "[LoadParams] scope is null");
  const std::vector<const VarDesc*> vars = PersistableVars(program);
  InputFile file(path);
  FileSource src(file);

  // Everything is read into fresh tensors first and moved into the scope only
  // once the whole file has checked out, so a bad file changes nothing.
  std::vector<DenseTensor> loaded(vars.size());
  try {
    ReadParams(StrCat("file '", path, "'"), vars, &src, &loaded);
  } catch (const Error&) {
    file.CheckUnchanged();  // a file rewritten mid-load is reported as that
    throw;
  }
  file.CheckUnchanged();
  for (size_t i = 0; i < vars.size(); ++i)
    *scope->Var(vars[i]->Name())->GetMutable<DenseTensor>() = std::move(loaded[i]);
}


// The scope's tensors of `vars`, each checked against its VarDesc before
// anything is written (`source` names the destination in errors).
static std::vector<const DenseTensor*> ParamsToWrite(const std::string& source,
                                                     const std::vector<const VarDesc*>& vars,
                                                     const Scope& scope,
                                                     std::vector<std::string>* whats) {
  std::vector<const DenseTensor*> tensors;
  for (const VarDesc* var : vars) {
    std::string what = StrCat(source, ", variable '", var->Name(), "'");
    DataType want_dtype = DataType::kFloat32;
    std::vector<int64_t> want_dims;
    DeclaredTensor(*var, what, ErrorKind::kInvalidArgument, &want_dtype, &want_dims);
    const Variable* v = scope.FindVar(var->Name());
    PD_CHECK(v, NotFound, "[SaveParams] ", what,
             ": persistable in the program but not in the scope");
    PD_CHECK(v->IsType<DenseTensor>(), InvalidArgument, "[SaveParams] ", what,
             ": the scope holds a ", v->TypeName(), ", expected a DenseTensor");
    const DenseTensor& t = v->Get<DenseTensor>();
    PD_CHECK(t.dtype() == want_dtype && ShapeMatches(want_dims, t.dims()), InvalidArgument,
             "[SaveParams] ", what, ": the scope's tensor is ", DataTypeName(t.dtype()), " ",
             t.dims().ToString(), ", the program declares ", DataTypeName(want_dtype), " ",
             ShapeString(want_dims));
    tensors.push_back(&t);
    whats->push_back(std::move(what));
  }
  return tensors;
}

void SaveParams(const std::string& path, const ProgramDesc& program, const Scope& scope) {
  // Every tensor is checked before the file is created, so a missing or
  // mismatched variable costs no write.
  std::vector<std::string> whats;
  const std::vector<const DenseTensor*> tensors =
      ParamsToWrite(StrCat("file '", path, "'"), PersistableVars(program), scope, &whats);
  AtomicFile file(path);
  FileSink sink(&file);
  for (size_t i = 0; i < tensors.size(); ++i) WriteRecord(sink, *tensors[i], whats[i]);
  file.Commit();
}

std::string SerializeParams(const ProgramDesc& program, const Scope& scope) {
  std::vector<std::string> whats;
  const std::vector<const DenseTensor*> tensors =
      ParamsToWrite("serialized parameters", PersistableVars(program), scope, &whats);
  std::ostringstream out;
  StreamSink sink(out);
  for (size_t i = 0; i < tensors.size(); ++i) WriteRecord(sink, *tensors[i], whats[i]);
  return out.str();
}

void DeserializeParams(const std::string& bytes, const std::string& source,
                       const ProgramDesc& program, Scope* scope) {
  PD_CHECK(scope, InvalidArgument, "[DeserializeParams] scope is null");
  const std::vector<const VarDesc*> vars = PersistableVars(program);
  std::istringstream in(bytes);
  StreamSource src(in, bytes.size());
  std::vector<DenseTensor> loaded(vars.size());
  ReadParams(source, vars, &src, &loaded);  // nothing changes unless all of it checks out
  for (size_t i = 0; i < vars.size(); ++i)
    *scope->Var(vars[i]->Name())->GetMutable<DenseTensor>() = std::move(loaded[i]);
}

void LoadInferenceModel(const std::string& model_path, const std::string& params_path,
                        ProgramDesc* program, Scope* scope) {
  PD_CHECK(program && scope, InvalidArgument,
           "[LoadInferenceModel] program and scope must be non-null");
  ProgramDesc loaded = LoadProgram(model_path);
  if (params_path.empty()) {
    size_t n = PersistableVarNames(loaded).size();
    PD_CHECK(n == 0, NotFound, "[LoadInferenceModel] '", model_path, "' declares ", n,
             " parameters, but no parameter file was given");
  } else {
    LoadParams(params_path, loaded, scope);
  }
  *program = std::move(loaded);
}

void SaveInferenceModel(const std::string& model_path, const std::string& params_path,
                        const ProgramDesc& program, const Scope& scope) {
  // Parameters first: they are what can be missing from the scope, and a
  // failure there should leave no new .pdmodel behind either.
  SaveParams(params_path, program, scope);
  SaveProgram(program, model_path);
}

}  // namespace paddle
