00000000000000d0 <_Z8free_onePv>:
  d0:	push   %rax
  d1:	mov    %rdi,%rax
  d4:	sub    0x0(%rip),%rax        # db <_Z8free_onePv+0xb>
  db:	shr    $0x10,%rax
  df:	cmp    0x0(%rip),%rax        # e6 <_Z8free_onePv+0x16>
  e6:	jae    11e <_Z8free_onePv+0x4e>
  e8:	mov    0x0(%rip),%rcx        # ef <_Z8free_onePv+0x1f>
  ef:	shl    $0x4,%rax
  f3:	mov    0xc(%rcx,%rax,1),%edx
  f7:	cmp    %fs:0x0,%edx
  ff:	jne    11e <_Z8free_onePv+0x4e>
 101:	add    %rax,%rcx
 104:	mov    (%rcx),%rax
 107:	mov    %rax,(%rdi)
 10a:	imul   %fs:0x0,%rdi
 114:	mov    %rdi,(%rcx)
 117:	decl   0x8(%rcx)
 11a:	je     11e <_Z8free_onePv+0x4e>
 11c:	pop    %rax
 11d:	ret
 11e:	call   123 <_Z8free_onePv+0x53>
