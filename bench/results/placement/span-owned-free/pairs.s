0000000000000020 <_Z5pairsl>:
  20:	push   %rax
  21:	test   %rdi,%rdi
  24:	jle    b2 <_Z5pairsl+0x92>
  2a:	mov    0x0(%rip),%rax        # 31 <_Z5pairsl+0x11>
  31:	mov    %fs:0x0,%ecx
  39:	nopl   0x0(%rax)
  40:	mov    %fs:0x0,%rdx
  49:	imul   %fs:0x0,%rdx
  53:	cmp    %fs:0x0,%rdx
  5c:	jae    b9 <_Z5pairsl+0x99>
  5e:	mov    (%rdx),%rsi
  61:	mov    %rsi,%fs:0x0
  6a:	mov    %rdx,0x0(%rip)        # 71 <_Z5pairsl+0x51>
  71:	mov    %rdx,%rsi
  74:	sub    0x0(%rip),%rsi        # 7b <_Z5pairsl+0x5b>
  7b:	shr    $0x10,%rsi
  7f:	cmp    0x0(%rip),%rsi        # 86 <_Z5pairsl+0x66>
  86:	jae    b4 <_Z5pairsl+0x94>
  88:	shl    $0x4,%rsi
  8c:	cmp    %ecx,0xc(%rax,%rsi,1)
  90:	jne    b4 <_Z5pairsl+0x94>
  92:	add    %rax,%rsi
  95:	mov    (%rsi),%r8
  98:	mov    %r8,(%rdx)
  9b:	imul   %fs:0x0,%rdx
  a5:	mov    %rdx,(%rsi)
  a8:	decl   0x8(%rsi)
  ab:	je     b4 <_Z5pairsl+0x94>
  ad:	dec    %rdi
  b0:	jne    40 <_Z5pairsl+0x20>
  b2:	pop    %rax
  b3:	ret
